import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exchangeGoogleCode, getMe } from '@/features/auth/api/auth-api';
import { GoogleCallbackPage } from './google-callback';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('@/features/auth/api/auth-api', () => ({ getMe: vi.fn(), exchangeGoogleCode: vi.fn() }));
const startSession = vi.fn(() => false);
vi.mock('@/features/auth/auth-provider', () => ({ useAuth: () => ({ startSession }) }));

const apiError = (message: string) => ({ status: 400, code: 'BAD', message, details: [] });

function renderCallback(query: string) {
  render(
    <MemoryRouter initialEntries={[`/auth/google/callback${query}`]}>
      <Routes>
        <Route path="/auth/google/callback" element={<GoogleCallbackPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

async function expectAuthenticationError(message: string) {
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Authentication Error');
  expect(alert).toHaveTextContent(message);
  expect(toast.error).toHaveBeenCalledWith('Authentication Error', { description: message });
}

afterEach(() => vi.clearAllMocks());

describe('Google callback page', () => {
  it('shows the server message under Authentication Error when the code exchange fails', async () => {
    vi.mocked(exchangeGoogleCode).mockResolvedValue({
      data: null,
      error: apiError('Google sign-in expired, please try again'),
    } as never);
    renderCallback('?code=abc&state=xyz');
    expect(screen.getByText('Authenticating with Google...')).toBeInTheDocument();
    await expectAuthenticationError('Google sign-in expired, please try again');
    expect(exchangeGoogleCode).toHaveBeenCalledWith('abc', 'xyz');
  });

  it('falls back to the generic text when the server gives no message', async () => {
    vi.mocked(exchangeGoogleCode).mockResolvedValue({ data: {}, error: null } as never);
    renderCallback('?code=abc');
    await expectAuthenticationError('An error occurred during authentication.');
  });

  it('says an unexpected error occurred when the flow throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(exchangeGoogleCode).mockRejectedValue(
      new TypeError("Cannot read properties of undefined (reading 'id')"),
    );
    renderCallback('?code=abc&state=xyz');
    await expectAuthenticationError('An unexpected error occurred');
    expect(screen.queryByText(/Cannot read properties/)).not.toBeInTheDocument();
  });

  it('tells the Settings window that opened it that Google is connected', async () => {
    const postMessage = vi.fn();
    vi.stubGlobal('opener', { postMessage });
    vi.mocked(exchangeGoogleCode).mockResolvedValue({
      data: { user: { id: 1, email: 'ada@example.com' }, connected: true },
      error: null,
    } as never);
    renderCallback('?code=abc&state=xyz');
    expect(await screen.findByText('Success!')).toBeInTheDocument();
    expect(postMessage).toHaveBeenCalledWith(
      { type: 'GOOGLE_AUTH_SUCCESS', user: { id: 1, email: 'ada@example.com' }, connected: true },
      window.location.origin,
    );
    vi.unstubAllGlobals();
  });

  it("never signs in with tokens from the URL (someone else's session in a link)", async () => {
    vi.mocked(getMe).mockResolvedValue({
      data: { id: 9, email: 'mallory@example.com' },
      error: null,
    } as never);
    renderCallback('?token=attacker-access&refresh_token=attacker-refresh');
    await expectAuthenticationError('No authorization code received');
    expect(getMe).not.toHaveBeenCalled();
    expect(startSession).not.toHaveBeenCalled();
    expect(screen.queryByText('Success!')).not.toBeInTheDocument();
  });

  it('shows what happened when the server refuses a link started in another browser', async () => {
    const message =
      'This Google connection was started in another browser or by another Relate account, so nothing was linked.';
    vi.mocked(exchangeGoogleCode).mockResolvedValue({
      data: null,
      error: { ...apiError(message), code: 'GOOGLE_STARTED_ELSEWHERE' },
    } as never);
    renderCallback('?code=abc&state=xyz');
    await expectAuthenticationError(message);
  });
});
