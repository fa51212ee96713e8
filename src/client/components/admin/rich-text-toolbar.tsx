/**
 * The rich-text editor's toolbar (docs/product.md section 9): paste as text, the format, the colour,
 * the marks, the alignment, the lists, the quote, the link, the shop details and the source code.
 */
import { useState } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';
import { SHOP_DETAILS, SHOP_DETAIL_LABELS, type ShopDetail } from '#shared/shop-details.ts';
import { RichTextLinkForm } from './rich-text-link-form.tsx';

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
export interface RichTextToolbarProps {
  editor: Editor;
  label: string;
  disabled: boolean;
  pasteAsText: boolean;
  onPasteAsText: () => void;
  showSource: boolean;
  onToggleSource: () => void;
  shopDetails: boolean;
}

export function RichTextToolbar({
  editor,
  label,
  disabled,
  pasteAsText,
  onPasteAsText,
  showSource,
  onToggleSource,
  shopDetails,
}: RichTextToolbarProps) {
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
        <RichTextLinkForm
          href={href}
          onHrefChange={setHref}
          onApply={applyLink}
          onRemove={() => {
            chain().extendMarkRange('link').unsetLink().run();
            setLinkOpen(false);
          }}
          onClose={() => setLinkOpen(false)}
        />
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
