/**
 * Fades its content in the first time it scrolls into view (the About page's "animated" widgets).
 * The motion itself is CSS, switched off under prefers-reduced-motion.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function Reveal({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [isVisible, setVisible] = useState(false);

  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: '0px 0px -10% 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={ref} className={`reveal${isVisible ? ' is-visible' : ''} ${className ?? ''}`}>
      {children}
    </div>
  );
}
