// @vitest-environment jsdom
// The customer's side of a thread (the booking's manage page and the account's quotes share it):
// loading, empty and a refusal beside the box; after each send the confirmation is focused.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { TRPCClientError } from '@trpc/client';
import type { AppErrorData } from '#shared/errors.ts';
import type { ThreadPage } from '#shared/schemas/threads.ts';
import { CustomerThread } from '#client/components/customer-thread.tsx';

beforeAll(() => {
  // jsdom lays nothing out, so it has no scrollIntoView; the shared result-in-view calls it.
  if (!('scrollIntoView' in Element.prototype)) Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => {} });
});
afterEach(cleanup);

const page: ThreadPage = {
  done_at: null,
  awaiting_shop: false,
  messages: [
    { id: 2, from: 'shop', author_name: 'Jenny', body: 'Please bring the key.', created_at: '2026-12-03T10:05:00.000Z' },
    { id: 1, from: 'customer', author_name: null, body: 'Can I drop it early?', created_at: '2026-12-03T09:00:00.000Z' },
  ],
  next_before_id: null,
};

const state = (data: ThreadPage | undefined, isPending = false) => ({ isPending, isError: false, error: null, data });
const props = { timeZone: 'Europe/London', listLabel: 'Messages with the shop', empty: 'No messages yet.', formClassName: 'f' };

function refusal(message: string) {
  const data: AppErrorData = { appCode: 'VALIDATION', httpStatus: 422, fieldErrors: { message: [message] }, retryAfter: null };
  return TRPCClientError.from({ error: { code: -32600, message, data } });
}

describe('CustomerThread', () => {
  it('says it is loading, then lists the messages oldest first with who wrote, or the empty words', () => {
    const { rerender } = render(<CustomerThread {...props} thread={state(undefined, true)} send={async () => {}} />);
    expect(screen.getByText('Loading the messages…')).toBeTruthy();
    rerender(<CustomerThread {...props} thread={state(page)} send={async () => {}} />);
    const items = screen.getByRole('list', { name: 'Messages with the shop' }).querySelectorAll('li');
    expect([...items].map((li) => li.textContent)).toEqual([
      'You, 3 December 2026, 09:00Can I drop it early?',
      'Jenny at the shop, 3 December 2026, 10:05Please bring the key.',
    ]);
    rerender(<CustomerThread {...props} thread={state({ ...page, messages: [] })} send={async () => {}} />);
    expect(screen.getByText('No messages yet.')).toBeTruthy();
  });

  it('shows a refusal beside the box and keeps the words; after each send the confirmation has the focus', async () => {
    const sent: string[] = [];
    let refuse = true;
    const send = async (message: string) => {
      if (refuse) throw refusal('The message field is required.');
      sent.push(message);
    };
    render(<CustomerThread {...props} thread={state(page)} send={send} />);
    const box = screen.getByRole('textbox', { name: /Message to the shop/ });
    await userEvent.type(box, 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The message field is required.')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect((box as HTMLTextAreaElement).value).toBe('Hello');

    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Thank you: your message is with the shop. We will reply by e-mail.');
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect((box as HTMLTextAreaElement).value).toBe('');

    await userEvent.type(box, 'And again');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(sent).toEqual(['Hello', 'And again']));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('status')));
  });
});
