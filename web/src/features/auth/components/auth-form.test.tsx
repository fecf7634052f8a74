import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as authApi from '../api/auth-api';
import { AuthForm } from './auth-form';

const startSession = vi.fn();
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../auth-provider', () => ({ useAuth: () => ({ startSession }) }));
vi.mock('../api/auth-api', () => ({ login: vi.fn(), register: vi.fn(), getGoogleAuthorizationUrl: vi.fn() }));

async function signIn() {
  render(
    <MemoryRouter>
      <AuthForm />
    </MemoryRouter>,
  );
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

afterEach(() => vi.clearAllMocks());

describe('sign-in form', () => {
  it('welcomes the user back when the session starts', async () => {
    vi.mocked(authApi.login).mockResolvedValue({ data: { user: {} }, error: null } as never);
    startSession.mockReturnValue(true);
    await signIn();
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Welcome back!', { description: 'Successfully signed in.' }),
    );
  });

  it("shows 'An unexpected error occurred' when the flow throws, and lets the user try again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(authApi.login).mockResolvedValue({ data: { user: {} }, error: null } as never);
    startSession.mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    await signIn();
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', { description: 'An unexpected error occurred' }),
    );
    expect(toast.success).not.toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
  });
});
