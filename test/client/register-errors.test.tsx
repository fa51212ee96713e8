// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { TRPCClientError } from '@trpc/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AppErrorData } from '#shared/errors.ts';

// The page goes through the same door as every other form: the tRPC mutation session.register.
const register = vi.fn();
vi.mock('#client/lib/trpc.ts', () => ({
  trpcClient: { session: { csrfCookie: { query: async () => undefined }, register: { mutate: (input: unknown) => register(input) } } },
  // The page title names the shop; its details never arrive here (the title is then the page's own).
  trpc: { shop: { get: { queryOptions: () => ({ queryKey: ['shop', 'get'], queryFn: () => new Promise(() => {}) }) } } },
}));
const refetch = vi.fn(async () => {});
vi.mock('#client/lib/session.tsx', () => ({ useSession: () => ({ refetch }) }));

const { RegisterPage, INVALID_BANNER } = await import('#client/pages/auth/register-page.tsx');

function renderRegister() {
  const location = memoryLocation({ path: '/register', record: true });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Router hook={location.hook}>
        <RegisterPage />
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

async function fillAndSubmit() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/First Name/), 'Ann');
  await user.type(screen.getByLabelText(/Last Name/), 'Lee');
  await user.type(screen.getByLabelText(/Email Address/), 'ann@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'short');
  await user.type(screen.getByLabelText(/Confirm Password/), 'short');
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

afterEach(() => {
  cleanup();
  register.mockReset();
});

describe('Register with a 422 (docs/product.md section 5)', () => {
  it('shows the first message per field beside it, and the banner', async () => {
    const data: AppErrorData = {
      appCode: 'VALIDATION',
      httpStatus: 422,
      fieldErrors: {
        email: ['The email has already been taken.', 'Another message that is not shown.'],
        password: ['The password must be at least 8 characters.'],
      },
      retryAfter: null,
    };
    register.mockRejectedValue(TRPCClientError.from({ error: { code: -32600, message: 'The email has already been taken.', data } }));
    renderRegister();
    await fillAndSubmit();

    expect(await screen.findByText(INVALID_BANNER)).toBeTruthy();
    const email = screen.getByLabelText(/Email Address/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = email.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe('The email has already been taken.');
    expect(screen.queryByText('Another message that is not shown.')).toBeNull();
    expect(screen.getByText('The password must be at least 8 characters.')).toBeTruthy();
    expect(screen.getByLabelText(/First Name/).getAttribute('aria-invalid')).toBeNull();
  });

  it('sends the five fields and goes to the account on success', async () => {
    register.mockResolvedValue(undefined);
    const location = renderRegister();
    await fillAndSubmit();

    await vi.waitFor(() => expect(location.history.at(-1)).toBe('/account'));
    expect(register.mock.calls[0]![0]).toEqual({
      firstname: 'Ann',
      lastname: 'Lee',
      email: 'ann@example.com',
      password: 'short',
      password_confirmation: 'short',
    });
    expect(refetch).toHaveBeenCalled();
    expect(location.history.at(-1)).toBe('/account');
  });

  it('hides the bot trap from sight, keyboard and assistive technology, and sends it only when filled', async () => {
    register.mockResolvedValue(undefined);
    renderRegister();
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(trap.tabIndex).toBe(-1);
    expect(trap.closest('.honeypot')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Website' })).toBeNull();
    // A bot that fills every input sends it along (the server then creates nothing).
    await userEvent.setup().type(trap, 'https://spam.example');
    await fillAndSubmit();
    await vi.waitFor(() => expect(register).toHaveBeenCalled());
    expect(register.mock.calls[0]![0]).toMatchObject({ email: 'ann@example.com', website: 'https://spam.example' });
  });
});
