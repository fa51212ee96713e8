/**
 * Whether passkeys can work at this address (src/shared/passkey-availability.ts), read only once the
 * page is hydrated: the server cannot know the address the browser sees, so its render and the
 * browser's first render both offer passkeys, and the reason (if any) replaces them just after.
 */
import { useSyncExternalStore } from 'react';
import { passkeysUnavailableHere } from '#shared/passkey-availability.ts';

const neverChanges = () => () => {};

export function usePasskeysUnavailable(): string | null {
  return useSyncExternalStore(neverChanges, passkeysUnavailableHere, () => null);
}
