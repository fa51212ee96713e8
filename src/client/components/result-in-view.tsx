/**
 * One pattern after every submit: the result (a confirmation or the error summary) is brought into
 * view and takes the focus, so on a phone the answer to Send is never off screen and a screen
 * reader reads it at once. What was sent stays on the page beside it (the form keeps its values, or
 * the confirmation repeats them). docs/decisions/result-in-view-after-submit.md.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';

/**
 * A callback ref for the result's region. Each time `shown` changes to a value other than null,
 * undefined or false (a new confirmation, a new error), the region scrolls the least it needs to be
 * in view and takes the focus (it gets tabIndex=-1, so it can, without joining the tab order).
 */
export function useResultInView<T extends HTMLElement = HTMLElement>(shown: unknown) {
  const [element, setElement] = useState<T | null>(null);
  useEffect(() => {
    if (!element || shown === null || shown === undefined || shown === false) return;
    bringIntoView(element);
  }, [element, shown]);
  return useCallback((node: T | null) => setElement(node), []);
}

/** Scrolls the element into view (the least it takes) and focuses it without a second scroll. */
export function bringIntoView(element: HTMLElement) {
  if (!element.hasAttribute('tabindex')) element.tabIndex = -1;
  element.scrollIntoView({ block: 'nearest' });
  element.focus({ preventScroll: true });
}

/**
 * The result of a submit as a banner: role="status" for a confirmation, role="alert" for an error,
 * brought into view and focused when it appears and each time `trigger` changes while it is shown
 * (a second failure of the same kind is a new result).
 */
export function ResultInView({
  tone,
  trigger,
  children,
  className,
}: {
  tone: 'success' | 'error';
  trigger?: unknown;
  children: ReactNode;
  className?: string;
}) {
  const [count, setCount] = useState(0);
  useEffect(() => setCount((n) => n + 1), [trigger]);
  const ref = useResultInView<HTMLDivElement>(count);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className={`alert alert--${tone} result-in-view${className ? ` ${className}` : ''}`}
      role={tone === 'error' ? 'alert' : 'status'}
      data-result={tone}
    >
      {children}
    </div>
  );
}

/** A failure's summary with no field to point to (nothing when there is no message), as ResultInView. */
export function ErrorResult({ message, trigger }: { message: string | null | undefined; trigger?: unknown }) {
  return message ? (
    <ResultInView tone="error" trigger={trigger}>
      {message}
    </ResultInView>
  ) : null;
}
