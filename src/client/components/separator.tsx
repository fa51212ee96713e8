/**
 * The short coral rule under a section title, drawn in when it scrolls into view. Visibility is
 * checked on scroll and resize, throttled to once every 300 ms (docs/product.md section 9); once seen it
 * stops listening. Under prefers-reduced-motion the CSS shows it without motion.
 */
import { useEffect, useRef, useState } from 'react';
import { throttle } from '#client/lib/throttle.ts';

export const SEPARATOR_THROTTLE_MS = 300;

export function isInViewport(rect: DOMRect, viewportHeight: number): boolean {
  return rect.top < viewportHeight && rect.bottom > 0;
}

export function Separator() {
  const ref = useRef<HTMLSpanElement>(null);
  const [isSeen, setSeen] = useState(false);

  useEffect(() => {
    if (isSeen) return;
    const check = throttle(() => {
      const node = ref.current;
      if (node && isInViewport(node.getBoundingClientRect(), window.innerHeight)) setSeen(true);
    }, SEPARATOR_THROTTLE_MS);
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      check.cancel();
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [isSeen]);

  return <span ref={ref} className={`separator${isSeen ? ' is-seen' : ''}`} aria-hidden="true" />;
}
