/**
 * A message for the page the visitor is sent to (after deleting the account: "Your account has
 * been deleted." on the home page). Held in memory for the one path it was meant for; leaving
 * that path clears it. Never rendered on the server (no visitor has one there).
 */
import { useSyncExternalStore } from 'react';

interface SiteNotice {
  message: string;
  path: string;
}

let current: SiteNotice | null = null;
const listeners = new Set<() => void>();

function emit(next: SiteNotice | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export function showSiteNotice(message: string, path: string): void {
  emit({ message, path });
}

export function clearSiteNotice(): void {
  if (current) emit(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSiteNotice(): SiteNotice | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
