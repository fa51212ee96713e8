// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { ensureXsrfToken, xsrfToken } from '#client/lib/cookies.ts';
import { messageOf } from '#client/lib/api-errors.ts';

function clearCookies() {
  for (const part of document.cookie.split('; ')) {
    const name = part.split('=')[0];
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

afterEach(() => {
  clearCookies();
  vi.unstubAllGlobals();
});

describe('ensureXsrfToken', () => {
  it('asks the server for the cookie once when the visitor has none', async () => {
    const fetchMock = vi.fn(async () => {
      document.cookie = 'XSRF-TOKEN=issued-token; path=/';
      return new Response(null, { status: 204 });
    });
    vi.stubGlobal('fetch', fetchMock);
    await Promise.all([ensureXsrfToken(), ensureXsrfToken(), ensureXsrfToken()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/sanctum/csrf-cookie', expect.objectContaining({ credentials: 'include' }));
    expect(xsrfToken()).toBe('issued-token');
  });

  it('does nothing when the cookie is already there', async () => {
    document.cookie = 'XSRF-TOKEN=present; path=/';
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await ensureXsrfToken();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('messageOf for answers from before tRPC', () => {
  it('says the session expired for a 419 instead of a parsing error', () => {
    const error = new TRPCClientError('Unable to transform response from server', {
      meta: { response: { status: 419 } },
    });
    expect(messageOf(error)).toBe('Your session has expired. Please try again.');
  });

  it('falls back to a friendly message when offline', () => {
    expect(messageOf(new TRPCClientError('Failed to fetch'))).toBe('Something went wrong. Please try again.');
  });
});
