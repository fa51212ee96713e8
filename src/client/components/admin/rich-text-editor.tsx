/**
 * The rich-text editor of the admin area (widget html, testimonial review), with the toolbar of
 * docs/product.md section 9. It is the default export so React.lazy can load it (and tiptap with it) as
 * its own chunk: import it through lazy-rich-text-editor.tsx, never directly.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import TextAlign from '@tiptap/extension-text-align';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import { EmbedNode } from '#client/components/admin/embed-node.ts';
import { ShopDetailNode } from '#client/components/admin/shop-detail-node.ts';
import { SHOP_DETAILS, SHOP_DETAIL_LABELS, type ShopDetail } from '#shared/shop-details.ts';
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

const formats = [
  { value: 'p', label: 'Paragraph' },
  { value: '1', label: 'Heading 1' },
  { value: '2', label: 'Heading 2' },
  { value: '3', label: 'Heading 3' },
  { value: '4', label: 'Heading 4' },
] as const;

const alignments = [
  { value: 'left', label: 'Align left', glyph: '⇤' },
  { value: 'center', label: 'Align centre', glyph: '↔' },
  { value: 'right', label: 'Align right', glyph: '⇥' },
  { value: 'justify', label: 'Justify', glyph: '☰' },
] as const;

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
        <Toolbar
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

interface ToolbarProps {
  editor: Editor;
  label: string;
  disabled: boolean;
  pasteAsText: boolean;
  onPasteAsText: () => void;
  showSource: boolean;
  onToggleSource: () => void;
  shopDetails: boolean;
}

function Toolbar({ editor, label, disabled, pasteAsText, onPasteAsText, showSource, onToggleSource, shopDetails }: ToolbarProps) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      format: ([1, 2, 3, 4] as const).find((level) => e.isActive('heading', { level }))?.toString() ?? 'p',
      color: (e.getAttributes('textStyle').color as string | undefined) ?? '#000000',
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      align: alignments.find((a) => e.isActive({ textAlign: a.value }))?.value ?? 'left',
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const chain = () => editor.chain().focus();

  function setFormat(format: string) {
    if (format === 'p') chain().setParagraph().run();
    else
      chain()
        .setHeading({ level: Number(format) as 1 | 2 | 3 | 4 })
        .run();
  }

  function applyLink() {
    const url = href.trim();
    if (url) chain().extendMarkRange('link').setLink({ href: url }).run();
    else chain().extendMarkRange('link').unsetLink().run();
    setLinkOpen(false);
  }

  const toggle = (pressed: boolean, text: string, glyph: string, run: () => void, className = '') => (
    <ToolButton key={text} pressed={pressed} text={text} glyph={glyph} onClick={run} className={className} disabled={disabled} />
  );

  return (
    <>
      <div className="rte__toolbar" role="toolbar" aria-label={`${label} formatting`}>
        <button type="button" className="rte__btn rte__btn--text" aria-pressed={pasteAsText} onClick={onPasteAsText} disabled={disabled}>
          Paste as text
        </button>
        <select
          className="rte__select"
          aria-label="Format"
          value={state.format}
          disabled={disabled}
          onChange={(e) => setFormat(e.target.value)}
        >
          {formats.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
        <span className="rte__group">
          <input
            type="color"
            className="rte__color"
            aria-label="Text colour"
            value={state.color}
            disabled={disabled}
            onChange={(e) => chain().setColor(e.target.value).run()}
          />
          {toggle(false, 'Remove colour', '⌫', () => chain().unsetColor().run())}
        </span>
        <span className="rte__group">
          {toggle(state.bold, 'Bold', 'B', () => chain().toggleBold().run(), 'rte__btn--bold')}
          {toggle(state.italic, 'Italic', 'I', () => chain().toggleItalic().run(), 'rte__btn--italic')}
          {toggle(state.underline, 'Underline', 'U', () => chain().toggleUnderline().run(), 'rte__btn--underline')}
          {toggle(state.strike, 'Strikethrough', 'S', () => chain().toggleStrike().run(), 'rte__btn--strike')}
        </span>
        <span className="rte__group">
          {alignments.map((a) => toggle(state.align === a.value, a.label, a.glyph, () => chain().setTextAlign(a.value).run()))}
        </span>
        <span className="rte__group">
          {toggle(state.bulletList, 'Bullet list', '•', () => chain().toggleBulletList().run())}
          {toggle(state.orderedList, 'Numbered list', '1.', () => chain().toggleOrderedList().run())}
          {toggle(state.blockquote, 'Quote', '❝', () => chain().toggleBlockquote().run())}
          {toggle(
            state.link || linkOpen,
            'Link',
            'Link',
            () => {
              setHref(state.href);
              setLinkOpen(!linkOpen);
            },
            'rte__btn--text',
          )}
        </span>
        {shopDetails && (
          <select
            className="rte__select"
            aria-label="Insert shop detail"
            value=""
            disabled={disabled}
            onChange={(e) => {
              if (e.target.value)
                chain()
                  .insertShopDetail(e.target.value as ShopDetail)
                  .run();
            }}
          >
            <option value="">Insert shop detail…</option>
            {SHOP_DETAILS.map((detail) => (
              <option key={detail} value={detail}>
                {SHOP_DETAIL_LABELS[detail]}
              </option>
            ))}
          </select>
        )}
        <button type="button" className="rte__btn rte__btn--text" aria-pressed={showSource} onClick={onToggleSource}>
          Source code
        </button>
      </div>
      {linkOpen && !disabled && (
        <div className="rte__link" role="group" aria-label="Link">
          <label>
            Link address
            <input
              type="url"
              value={href}
              placeholder="https://"
              autoFocus
              onChange={(e) => setHref(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  applyLink();
                } else if (e.key === 'Escape') {
                  e.stopPropagation();
                  setLinkOpen(false);
                }
              }}
            />
          </label>
          <button type="button" className="rte__btn rte__btn--text" onClick={applyLink}>
            Apply
          </button>
          <button
            type="button"
            className="rte__btn rte__btn--text"
            onClick={() => {
              chain().extendMarkRange('link').unsetLink().run();
              setLinkOpen(false);
            }}
          >
            Remove link
          </button>
        </div>
      )}
    </>
  );
}

interface ToolButtonProps {
  pressed: boolean;
  text: string;
  glyph: string;
  onClick: () => void;
  className: string;
  disabled: boolean;
}

function ToolButton({ pressed, text, glyph, onClick, className, disabled }: ToolButtonProps) {
  return (
    <button
      type="button"
      className={`rte__btn ${className}`}
      aria-pressed={pressed}
      aria-label={text}
      title={text}
      disabled={disabled}
      onClick={onClick}
    >
      <span aria-hidden="true">{glyph}</span>
    </button>
  );
}
