import type { User } from '@relate/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as authApi from '../api/auth-api';
import { AuthForm } from './auth-form';

const startSession = vi.fn();
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../auth-provider', () => ({ useAuth: () => ({ startSession }) }));
vi.mock('../api/auth-api', () => ({
  login: vi.fn(),
  register: vi.fn(),
  getGoogleAuthorizationUrl: vi.fn(),
  getRegistrationInfo: vi.fn(),
}));

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AuthForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function signIn() {
  renderForm();
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

afterEach(() => vi.clearAllMocks());

// Radix's checkbox measures itself; jsdom has no ResizeObserver.
beforeAll(() =>
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  ),
);
afterAll(() => vi.unstubAllGlobals());

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

const pendingBen = { email: 'ben@example.com', is_approved: false, status: 'pending' } as User;

async function openSignUp(firstAccount: boolean) {
  vi.mocked(authApi.getRegistrationInfo).mockResolvedValue({
    data: { first_account: firstAccount, verification_mail: false },
    error: null,
  } as never);
  renderForm();
  await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
}

describe('sign-up form', () => {
  it('says why Sign Up is disabled until the terms are accepted', async () => {
    await openSignUp(false);
    const submit = screen.getByRole('button', { name: 'Sign Up' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(
      'Tick the box above to accept the Terms of Service and Privacy Policy, then sign up.',
    );
    await userEvent.click(screen.getByRole('checkbox'));
    expect(submit).toBeEnabled();
    expect(screen.queryByText(/Tick the box above/)).not.toBeInTheDocument();
  });

  it('tells the very first person that their account becomes the administrator', async () => {
    await openSignUp(true);
    expect(await screen.findByTestId('sign-up-notice')).toHaveTextContent(
      'You are the first to sign up: your account becomes the administrator',
    );
    expect(screen.queryByText(/New accounts require admin approval/)).not.toBeInTheDocument();
  });

  it('tells later people that their account waits for approval', async () => {
    await openSignUp(false);
    await waitFor(() => expect(authApi.getRegistrationInfo).toHaveBeenCalled());
    expect(screen.getByTestId('sign-up-notice')).toHaveTextContent(
      'New accounts require admin approval. Please wait for approval from the administrator.',
    );
  });

  it('shows a pending account what happens next, and leads back to sign-in', async () => {
    vi.mocked(authApi.register).mockResolvedValue({
      data: { requires_approval: true, user: pendingBen, message: '' },
      error: null,
    } as never);
    await openSignUp(false);
    await userEvent.type(screen.getByLabelText('Full Name'), 'Ben Example');
    await userEvent.type(screen.getByLabelText('Email'), 'ben@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
    expect(screen.getByText('ben@example.com')).toBeVisible();
    expect(screen.getByText(/The administrators have been notified/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  it('shows the same page to a pending account that signs in', async () => {
    vi.mocked(authApi.login).mockResolvedValue({ data: { user: pendingBen }, error: null } as never);
    startSession.mockReturnValue(false);
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
  });
});
