// @vitest-environment jsdom
/**
 * Drafts on the client: useDraft autosaves a widget, a testimonial or the shop record
 * through its kind's procedure a few seconds after the last change and when the form goes, and
 * not after a cancel or a publish; DraftControls shows Publish, Discard and Preview only with a
 * draft, and Preview saves first, then opens the public page with `?preview=drafts`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContentVersion, DraftKind } from '#shared/schemas/versions.ts';

const draftVersion = (data: Record<string, unknown> = {}): ContentVersion => ({
  id: 9,
  number: null,
  status: 'draft',
  author: 'Admin',
  restored_from: null,
  created_at: '2026-11-26T10:00:00.000Z',
  updated_at: '2026-11-26T10:05:00.000Z',
  data,
});

// A stand-in for the tRPC client and options proxy: each save procedure records what it was sent.
const stub = vi.hoisted(() => ({
  queryClient: undefined as QueryClient | undefined,
  saves: [] as { procedure: string; input: unknown }[],
  publish: vi.fn(async (_input: unknown) => ({})),
  discard: vi.fn(async (_input: unknown) => undefined),
}));
vi.mock('#client/lib/trpc.ts', async () => {
  const { QueryClient: Client } = await import('@tanstack/react-query');
  const client = new Client({ defaultOptions: { queries: { retry: false } } });
  stub.queryClient = client;
  const save = (procedure: string) => ({
    mutate: async (input: unknown) => {
      stub.saves.push({ procedure, input });
      return draftVersion(input as Record<string, unknown>);
    },
  });
  const mutation = (fn: (input: unknown) => Promise<unknown>) => ({
    mutationOptions: (options: object = {}) => ({ mutationFn: fn, ...options }),
  });
  return {
    queryClient: client,
    trpcClient: {
      versions: {
        saveWidgetDraft: save('saveWidgetDraft'),
        saveTestimonialDraft: save('saveTestimonialDraft'),
        saveShopDraft: save('saveShopDraft'),
      },
    },
    trpc: {
      versions: {
        pathKey: () => [['versions']],
        draft: { queryKey: (input: unknown) => [['versions', 'draft'], { input }] },
        publishDraft: mutation((input) => stub.publish(input)),
        discardDraft: mutation((input) => stub.discard(input)),
      },
      shop: { get: { queryOptions: () => ({ queryKey: [['shop', 'get']], queryFn: async () => ({ timeZone: 'Europe/London' }) }) } },
    },
  };
});

Object.defineProperty(navigator, 'languages', { value: ['en-GB', 'en'], configurable: true });
const { useDraft, AUTOSAVE_MS } = await import('#client/pages/admin/history/use-draft.ts');
const { DraftControls } = await import('#client/pages/admin/history/draft-controls.tsx');

/** A form of one text field with the hook and the controls, as an edit screen has them. */
function Form({ kind, draft = null, pageHref = '/' }: { kind: DraftKind; draft?: ContentVersion | null; pageHref?: string }) {
  const [text, setText] = useState('');
  const fields =
    kind === 'widget'
      ? { name: 'HomeText1', type: 'TEXT' as const, html: text, alt: '' }
      : kind === 'testimonial'
        ? { name: 'Gwen', score: 5, review: text }
        : ({ name: 'Seaside', telephone: text } as never);
  const autosave = useDraft(kind, kind === 'shop' ? 1 : 7, fields, text !== '');
  return (
    <>
      <label>
        Text
        <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <button type="button" onClick={autosave.cancelPending}>
        Save changes
      </button>
      <DraftControls
        kind={kind}
        id={kind === 'shop' ? 1 : 7}
        autosave={autosave}
        draft={draft}
        pageHref={pageHref}
        onPublished={() => undefined}
        onDiscarded={() => undefined}
      >
        <p>The slot</p>
      </DraftControls>
    </>
  );
}

function renderForm(props: Parameters<typeof Form>[0]) {
  const client = stub.queryClient!;
  client.clear();
  return render(
    <QueryClientProvider client={client}>
      <Form {...props} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  stub.saves.length = 0;
  stub.publish.mockClear();
  stub.discard.mockClear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useDraft', () => {
  it('autosaves a few seconds after the last change, through the kind’s own procedure with the id', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderForm({ kind: 'testimonial' });
    await user.type(screen.getByLabelText('Text'), 'Lovely');
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_MS - 500));
    expect(stub.saves).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(stub.saves).toEqual([{ procedure: 'saveTestimonialDraft', input: { name: 'Gwen', score: 5, review: 'Lovely', id: 7 } }]);
    expect(await screen.findByRole('status')).toHaveProperty('textContent', expect.stringMatching(/^Draft saved at /));
  });

  it('sends the shop record without an id, and a widget with its id', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderForm({ kind: 'shop' });
    await user.type(screen.getByLabelText('Text'), '01736');
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_MS + 100));
    expect(stub.saves).toEqual([{ procedure: 'saveShopDraft', input: { name: 'Seaside', telephone: '01736' } }]);
    cleanup();
    stub.saves.length = 0;
    renderForm({ kind: 'widget' });
    await user.type(screen.getByLabelText('Text'), 'Hello');
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_MS + 100));
    expect(stub.saves).toEqual([
      { procedure: 'saveWidgetDraft', input: { name: 'HomeText1', type: 'TEXT', html: 'Hello', alt: '', id: 7 } },
    ]);
  });

  it('saves what is pending when the form goes (a modal closed, the page left)', async () => {
    const user = userEvent.setup();
    const { unmount } = renderForm({ kind: 'testimonial' });
    await user.type(screen.getByLabelText('Text'), 'Typed, then closed');
    expect(stub.saves).toEqual([]);
    unmount();
    await vi.waitFor(() =>
      expect(stub.saves).toEqual([{ procedure: 'saveTestimonialDraft', input: expect.objectContaining({ review: 'Typed, then closed' }) }]),
    );
  });

  it('does not autosave after a cancel (a normal save is under way), nor on leaving', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { unmount } = renderForm({ kind: 'testimonial' });
    await user.type(screen.getByLabelText('Text'), 'Saved normally');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_MS * 2));
    unmount();
    expect(stub.saves).toEqual([]);
  });
});

describe('DraftControls', () => {
  it('offers only Save draft while there is no draft; the slot follows the buttons', () => {
    renderForm({ kind: 'testimonial' });
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish draft' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Discard draft' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Preview/ })).toBeNull();
    expect(screen.getByText('The slot')).toBeTruthy();
  });

  it('with a draft: says so, and offers Preview (a new tab at ?preview=drafts), Publish and Discard', () => {
    renderForm({ kind: 'shop', draft: draftVersion(), pageHref: '/contact' });
    expect(screen.getByRole('status').textContent).toMatch(
      /^You are editing a draft saved at .+\. The public site still shows the published version\.$/,
    );
    const preview = screen.getByRole('link', { name: 'Preview the public page with the draft (opens in a new tab)' });
    expect(preview.getAttribute('href')).toBe('/contact?preview=drafts');
    expect(preview.getAttribute('target')).toBe('_blank');
    expect(preview.getAttribute('rel')).toBe('noopener');
    expect(screen.getByRole('button', { name: 'Publish draft' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Discard draft' })).toBeTruthy();
  });

  it('Preview saves what was typed first, then opens the page with the drafts', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const user = userEvent.setup();
    renderForm({ kind: 'widget', draft: draftVersion(), pageHref: '/about#introduction' });
    await user.type(screen.getByLabelText('Text'), 'Just typed');
    await user.click(screen.getByRole('link', { name: /^Preview/ }));
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith('/about?preview=drafts#introduction', '_blank', 'noopener'));
    expect(stub.saves).toEqual([{ procedure: 'saveWidgetDraft', input: expect.objectContaining({ html: 'Just typed' }) }]);
  });

  it('Publish draft saves what is pending, then publishes the kind and id', async () => {
    const user = userEvent.setup();
    renderForm({ kind: 'testimonial', draft: draftVersion() });
    await user.type(screen.getByLabelText('Text'), 'Final words');
    await user.click(screen.getByRole('button', { name: 'Publish draft' }));
    await vi.waitFor(() => expect(stub.publish).toHaveBeenCalledWith({ kind: 'testimonial', id: 7 }));
    expect(stub.saves).toEqual([{ procedure: 'saveTestimonialDraft', input: expect.objectContaining({ review: 'Final words' }) }]);
  });

  it('Discard draft discards the kind and id without saving', async () => {
    const user = userEvent.setup();
    renderForm({ kind: 'shop', draft: draftVersion() });
    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    await vi.waitFor(() => expect(stub.discard).toHaveBeenCalledWith({ kind: 'shop', id: 1 }));
    expect(stub.saves).toEqual([]);
  });
});
