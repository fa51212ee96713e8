import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from '#client/components/admin/rich-text-editor.tsx';

// tiptap is large: it loads only when a page that edits rich text is opened.
const RichTextEditor = lazy(() => import('#client/components/admin/rich-text-editor.tsx'));

export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="rte-loading" role="status">
          Loading editor…
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
