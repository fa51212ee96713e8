import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /**
   * `primary` is the one filled button of a screen; `quiet-danger` (outlined, red text) is for a
   * Delete or Remove beside it, which asks the confirmation dialog before it acts
   * (docs/decisions/quiet-destructive-actions.md); `danger` (filled red) is kept for the dialog's
   * own Confirm, where it is the action.
   */
  variant?: 'primary' | 'secondary' | 'danger' | 'quiet-danger' | 'ghost';
  /** Shows a busy state and blocks repeat clicks while a request is under way. */
  loading?: boolean;
}

export function Button({
  variant = 'primary',
  loading = false,
  type = 'button',
  className,
  disabled,
  children,
  onClick,
  ...rest
}: ButtonProps) {
  // While loading the button stays focusable (aria-disabled, not disabled), so keyboard focus
  // is not dropped to the page mid-request; clicks and submits are swallowed instead.
  return (
    <button
      {...rest}
      type={type}
      className={['btn', `btn--${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {loading && <span className="btn__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
