/**
 * Warns before unsaved changes are lost: closing the tab, reloading or typing another
 * address (the browser's own `beforeunload` prompt), and following a link inside the site. wouter
 * has no navigation blocker, so a link's click is caught before wouter's handler sees it (a
 * capturing listener on the document runs before React's on the root), a dialog asks, and "Leave
 * without saving" clicks the same link again with the guard stood aside.
 *
 *   const leaveGuard = useUnsavedChanges(isDirty);
 *   return <>…{leaveGuard}</>;
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Modal } from '#client/components/ui/modal.tsx';
import { Button } from '#client/components/ui/button.tsx';

/** A click that would take the page elsewhere in this site (not a new tab, a download or an anchor on the page). */
function leavingLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const to = new URL(link.href, window.location.href);
  if (to.origin !== window.location.origin) return null;
  return to.pathname === window.location.pathname && to.search === window.location.search ? null : link;
}

/**
 * `keptAsDraft`: what was typed is saved as a draft (history/use-draft.ts), so leaving loses
 * nothing; the warning then says that the changes are not on the site yet.
 */
export function useUnsavedChanges(isDirty: boolean, keptAsDraft = false): ReactNode {
  const [pending, setPending] = useState<HTMLAnchorElement | null>(null);
  const standAside = useRef(false);

  useEffect(() => {
    if (!isDirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when a value is set.
      event.returnValue = '';
    };
    const click = (event: MouseEvent) => {
      if (standAside.current) return;
      const link = leavingLink(event);
      if (!link) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(link);
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [isDirty]);

  function leave() {
    const link = pending;
    setPending(null);
    if (!link) return;
    standAside.current = true;
    try {
      link.click();
    } finally {
      standAside.current = false;
    }
  }

  return (
    <Modal
      open={pending !== null}
      title="Leave without saving?"
      onClose={() => setPending(null)}
      footer={
        <>
          <Button variant="secondary" onClick={() => setPending(null)}>
            Stay on this page
          </Button>
          <Button variant="danger" onClick={leave}>
            Leave without saving
          </Button>
        </>
      }
    >
      <p>
        {keptAsDraft
          ? 'Your changes are kept as a draft, but they are not on the site yet: publish the draft when you come back.'
          : 'You have changes that are not saved yet. If you leave this page now they will be lost.'}
      </p>
    </Modal>
  );
}
