import { useCallback, useEffect, useRef, useState } from 'react';

/** A message that clears itself after `ms` (docs/product.md section 9: 4 s on the profile, 3 s in admin). */
export function useFlash(ms: number): [string | null, (message: string) => void] {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flash = useCallback(
    (next: string) => {
      clearTimeout(timer.current);
      setMessage(next);
      timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  return [message, flash];
}
