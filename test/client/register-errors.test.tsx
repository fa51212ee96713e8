// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { UploadError } from '#client/lib/upload-error.ts';

const uploadForm = vi.fn();
vi.mock('#client/lib/upload.ts', () => ({ uploadForm: (...args: unknown[]) => uploadForm(...args) }));
vi.mock('#client/lib/trpc.ts', () => ({ trpcClient: { session: { csrfCookie: { query: async () => undefined } } } }));
const refetch = vi.fn(async () => {});
vi.mock('#client/lib/session.tsx', () => ({ useSession: () => ({ refetch }) }));

const { RegisterPage, INVALID_BANNER } = await import('#client/pages/auth/register-page.tsx');

function renderRegister() {
  const location = memoryLocation({ path: '/register', record: true });
  render(
    <Router hook={location.hook}>
      <RegisterPage />
    </Router>,
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
  uploadForm.mockReset();
});

describe('Register with a 422 (SPEC.md section 5)', () => {
  it('shows the first message per field beside it, and the banner', async () => {
    uploadForm.mockRejectedValue(
      new UploadError(422, {
        message: 'The email has already been taken. (and 2 more errors)',
        errors: {
          email: ['The email has already been taken.', 'Another message that is not shown.'],
          password: ['The password must be at least 8 characters.'],
        },
      }),
    );
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

  it('sends the five fields as a form and goes to the account on success', async () => {
    uploadForm.mockResolvedValue('');
    const location = renderRegister();
    await fillAndSubmit();

    const [method, url, body] = uploadForm.mock.calls[0] as [string, string, FormData];
    expect([method, url]).toEqual(['POST', '/api/register']);
    expect(Object.fromEntries(body.entries())).toEqual({
      firstname: 'Ann',
      lastname: 'Lee',
      email: 'ann@example.com',
      password: 'short',
      password_confirmation: 'short',
    });
    expect(refetch).toHaveBeenCalled();
    expect(location.history.at(-1)).toBe('/account');
  });
});
