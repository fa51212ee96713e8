// @vitest-environment jsdom
// The Outgoing mail screen (admin/mail) against a stand-in for the tRPC options proxy: the rows,
// the last error, "Send again" for a failed mail only, and the warning after 15 minutes of failures.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { OutgoingMail } from '#shared/schemas/outgoing-mail.ts';

const { calls, queryClient } = vi.hoisted(() => {
  const holder: { current: unknown } = { current: null };
  return { calls: { list: [] as unknown[], resend: [] as unknown[] }, queryClient: holder };
});
vi.mock('#client/lib/trpc.ts', async () => {
  const { QueryClient: Client } = await import('@tanstack/react-query');
  const client = new Client({ defaultOptions: { queries: { retry: false } } });
  queryClient.current = client;
  const mail = (id: string, status: OutgoingMail['status'], lastError: string | null): OutgoingMail => ({
    id,
    kind: 'verification',
    to: `${id}@example.test`,
    subject: 'Verify your e-mail address - Harbourside Body & Paint',
    status,
    attempts: status === 'sent' ? 1 : 14,
    lastError,
    createdAt: '2026-11-26T01:00:00Z',
    updatedAt: '2026-11-26T01:00:00Z',
    sentAt: status === 'sent' ? '2026-11-26T01:00:05Z' : null,
  });
  return {
    queryClient: client,
    trpc: {
      // Dates are written in the shop's time zone (src/client/lib/format-date.ts).
      shop: { get: { queryOptions: () => ({ queryKey: [['shop', 'get']], queryFn: async () => ({ timeZone: 'Europe/London' }) }) } },
      outgoingMail: {
        list: {
          pathKey: () => [['outgoingMail', 'list']],
          queryOptions: (input: object) => ({
            queryKey: [['outgoingMail', 'list'], input],
            queryFn: () => {
              calls.list.push(input);
              return {
                data: [mail('failed-one', 'failed', 'connect ECONNREFUSED 127.0.0.1:25 (ESOCKET)'), mail('sent-one', 'sent', null)],
                nextBefore: null,
                next_cursor: null,
              };
            },
          }),
        },
        summary: {
          pathKey: () => [['outgoingMail', 'summary']],
          queryOptions: () => ({
            queryKey: [['outgoingMail', 'summary']],
            queryFn: () => ({
              counts: { queued: 0, sent: 1, failed: 1, cancelled: 0 },
              failingSince: '2026-11-26T00:00:00Z',
              warning: true,
            }),
          }),
        },
        resend: {
          mutationOptions: (options: object) => ({
            mutationFn: async (input: unknown) => {
              calls.resend.push(input);
            },
            ...options,
          }),
        },
      },
    },
  };
});

const { OutgoingMailPage } = await import('#client/pages/admin/mail/outgoing-mail-page.tsx');

afterEach(() => {
  cleanup();
  calls.list.length = 0;
  calls.resend.length = 0;
});

describe('OutgoingMailPage', () => {
  it('lists the mail with the last error, warns, and sends a failed one again', async () => {
    const location = memoryLocation({ path: '/mail?status=failed', record: true });
    render(
      <QueryClientProvider client={queryClient.current as QueryClient}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <OutgoingMailPage />
        </Router>
      </QueryClientProvider>,
    );
    const failedRow = (await screen.findByText('failed-one@example.test')).closest('tr')!;
    expect(calls.list).toContainEqual({ status: 'failed', cursor: undefined });
    expect(within(failedRow).getByText('connect ECONNREFUSED 127.0.0.1:25 (ESOCKET)')).toBeTruthy();
    expect(within(screen.getByText('sent-one@example.test').closest('tr')!).queryByRole('button')).toBeNull();
    expect((await screen.findByRole('alert')).textContent).toContain('failing for more than 15 minutes');
    await userEvent.click(within(failedRow).getByRole('button', { name: 'Send again to failed-one@example.test' }));
    expect(calls.resend).toEqual([{ id: 'failed-one' }]);
  });
});
