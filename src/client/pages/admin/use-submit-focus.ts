import { useEffect, useRef, useState } from 'react';
import type { MutationStatus } from '@tanstack/react-query';

/**
 * Keeps keyboard users in place across a save. The submit button is disabled while the request
 * runs, which drops focus to <body> (and out of a modal's focus trap). When the request ends,
 * focus goes to the first field the server marked invalid, or back to the button that submitted.
 * Returns a callback ref for the <form> (a ref object would miss a form that mounts later, as
 * in a modal opened after its owner).
 */
export function useSubmitFocus(status: MutationStatus) {
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const submitter = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!form) return;
    const remember = (event: SubmitEvent) => {
      submitter.current = event.submitter;
    };
    form.addEventListener('submit', remember);
    return () => form.removeEventListener('submit', remember);
  }, [form]);

  useEffect(() => {
    if (status !== 'error' && status !== 'success') return;
    const invalid = status === 'error' ? form?.querySelector<HTMLElement>('[aria-invalid="true"]') : null;
    if (invalid) invalid.focus();
    else if (!document.activeElement || document.activeElement === document.body) submitter.current?.focus();
  }, [status, form]);

  return setForm;
}
