/** The rich-text toolbar's link form: the address to link the selection to, Apply and Remove link. */
export interface RichTextLinkFormProps {
  href: string;
  onHrefChange: (href: string) => void;
  /** Links the selection to the address (an empty address removes the link). */
  onApply: () => void;
  onRemove: () => void;
  /** Escape: the form closes, the link as it was. */
  onClose: () => void;
}

export function RichTextLinkForm({ href, onHrefChange, onApply, onRemove, onClose }: RichTextLinkFormProps) {
  return (
    <div className="rte__link" role="group" aria-label="Link">
      <label>
        Link address
        <input
          type="url"
          value={href}
          placeholder="https://"
          autoFocus
          onChange={(e) => onHrefChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onApply();
            } else if (e.key === 'Escape') {
              e.stopPropagation();
              onClose();
            }
          }}
        />
      </label>
      <button type="button" className="rte__btn rte__btn--text" onClick={onApply}>
        Apply
      </button>
      <button type="button" className="rte__btn rte__btn--text" onClick={onRemove}>
        Remove link
      </button>
    </div>
  );
}
