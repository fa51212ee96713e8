/**
 * Fades its content in the first time it scrolls into view (the About page's "animated" widgets).
 * The content is visible as rendered (on the server, and for what is already in view when the
 * page comes alive): only what starts below the fold is hidden, once the page is live, to be
 * faded in when reached. So a server-rendered page shows its content before any script, and its
 * largest picture is not held back until the scripts run. The motion itself is CSS, switched off
 * under prefers-reduced-motion.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function Reveal({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [isWaiting, setWaiting] = useState(false);

  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    let isFirstReport = true;
    const observer = new IntersectionObserver(
      (entries) => {
        const isInView = entries.some((entry) => entry.isIntersecting);
        if (isFirstReport) {
          isFirstReport = false;
          if (isInView) observer.disconnect();
          else setWaiting(true);
        } else if (isInView) {
          setWaiting(false);
          observer.disconnect();
        }
      },
      { rootMargin: '0px 0px -10% 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={ref} className={`reveal${isWaiting ? ' is-waiting' : ''} ${className ?? ''}`}>
      {children}
    </div>
  );
}
