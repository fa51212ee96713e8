/**
 * The rich-text editor of the admin area (widget html, testimonial review), with the toolbar of
 * docs/product.md section 9. It is the default export so React.lazy can load it (and tiptap with it) as
 * its own chunk: import it through lazy-rich-text-editor.tsx, never directly.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import TextAlign from '@tiptap/extension-text-align';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import { EmbedNode } from '#client/components/admin/embed-node.ts';
import { ShopDetailNode } from '#client/components/admin/shop-detail-node.ts';
import { RichTextToolbar } from '#client/components/admin/rich-text-toolbar.tsx';
import '#client/components/admin/rich-text-editor.css';

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  label: string;
  /** Keeps YouTube/Vimeo iframes (VIDEO widgets). */
  allowEmbeds?: boolean;
  /** The server's message for this field, shown under it. */
  error?: string | undefined;
  /** Offers "Insert shop detail" (placeholders the pages fill from the shop record): widgets only. */
  shopDetails?: boolean;
}
/** Plain text as paragraphs: what "paste as text" inserts instead of the clipboard's HTML. */
function paragraphsOf(text: string) {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => (line ? { type: 'paragraph', content: [{ type: 'text', text: line }] } : { type: 'paragraph' }));
}

export default function RichTextEditor({ value, onChange, label, allowEmbeds = false, error, shopDetails = false }: RichTextEditorProps) {
  const labelId = useId();
  const errorId = useId();
  const [pasteAsText, setPasteAsText] = useState(false);
  const [showSource, setShowSource] = useState(false);
  const [source, setSource] = useState('');
  // The editor's props are fixed when it is created, so the paste handler reads the toggle here.
  const pasteAsTextRef = useRef(pasteAsText);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    pasteAsTextRef.current = pasteAsText;
    onChangeRef.current = onChange;
  });

  const editorRef = useRef<Editor | null>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3, 4] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ['mailto', 'tel'], defaultProtocol: 'https' },
      }),
      TextStyle,
      Color,
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      ...(allowEmbeds ? [EmbedNode] : []),
      ...(shopDetails ? [ShopDetailNode] : []),
    ],
    content: value,
    editorProps: {
      attributes: {
        class: 'rte__content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
      },
      handlePaste(_view, event) {
        const text = event.clipboardData?.getData('text/plain');
        if (!pasteAsTextRef.current || !text) return false;
        event.preventDefault();
        editorRef.current?.chain().focus().insertContent(paragraphsOf(text)).run();
        return true;
      },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current(e.getHTML()),
  });
  useEffect(() => {
    editorRef.current = editor;
  }, [editor]);

  // The editor's attributes were fixed at creation; the error comes and goes with each save.
  useEffect(() => {
    editor?.setOptions({
      editorProps: {
        ...editor.options.editorProps,
        attributes: {
          ...(editor.options.editorProps.attributes as Record<string, string>),
          'aria-invalid': error ? 'true' : 'false',
          'aria-describedby': error ? errorId : '',
        },
      },
    });
  }, [editor, error, errorId]);

  // A value from outside (the record arriving after the editor was created) replaces the content;
  // the editor's own updates come back equal and are left alone, so the cursor does not jump.
  // While the source is shown the textarea owns the value; toggleSource hands it back.
  useEffect(() => {
    if (editor && !editor.isDestroyed && !showSource && value !== editor.getHTML()) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value, showSource]);

  function toggleSource() {
    if (!editor) return;
    if (showSource) {
      editor.commands.setContent(source, { emitUpdate: false });
      onChange(editor.getHTML());
    } else {
      setSource(editor.getHTML());
    }
    setShowSource(!showSource);
  }

  return (
    <div className={`rte${error ? ' rte--invalid' : ''}`}>
      <span id={labelId} className="rte__label">
        {label}
      </span>
      {editor && (
        <RichTextToolbar
          editor={editor}
          label={label}
          disabled={showSource}
          pasteAsText={pasteAsText}
          onPasteAsText={() => setPasteAsText(!pasteAsText)}
          showSource={showSource}
          onToggleSource={toggleSource}
          shopDetails={shopDetails}
        />
      )}
      {showSource ? (
        <textarea
          className="rte__source"
          aria-label={`${label} (HTML source)`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={source}
          spellCheck={false}
          onChange={(e) => {
            setSource(e.target.value);
            onChange(e.target.value);
          }}
        />
      ) : (
        <EditorContent editor={editor} />
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
