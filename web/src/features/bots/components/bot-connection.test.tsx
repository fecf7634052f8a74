import type { BotStatus } from '@relate/contracts';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, server, testUser } from '@/test/msw';
import { renderWithProviders } from '@/test/render';
import { BotConnection } from './bot-connection';

const status = (overrides: Partial<BotStatus> = {}): BotStatus => ({
  telegram: {
    configured: true,
    bot_username: 'relate_bot',
    linked: null,
    pending: null,
    transferred_from: null,
  },
  whatsapp: { configured: true, linked: null, pending: null },
  preferred_messaging_platform: null,
  ...overrides,
});

describe('Bot Connection', () => {
  it('says when a bot is not configured on this server', async () => {
    server.use(
      http.get(api('/bots/status'), () =>
        HttpResponse.json(
          status({
            telegram: {
              configured: false,
              bot_username: null,
              linked: null,
              pending: null,
              transferred_from: null,
            },
            whatsapp: { configured: false, linked: null, pending: null },
          }),
        ),
      ),
    );
    renderWithProviders(<BotConnection />, { user: testUser });
    expect(await screen.findByText(/The Telegram bot is not configured on this server/)).toBeInTheDocument();
    expect(screen.getByText(/The WhatsApp bot is not configured on this server/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect with Telegram' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete All Telegram Users' })).not.toBeInTheDocument();
  });

  it('sends the typed WhatsApp code and shows the connected number', async () => {
    let linked = false;
    let sentCode: unknown;
    const pending = { phone_number: '16505551234', expires_at: '2030-01-01T00:00:00.000Z', attempts_left: 5 };
    server.use(
      http.get(api('/bots/status'), () =>
        HttpResponse.json(
          status({
            whatsapp: linked
              ? { configured: true, linked: { phone_number: '16505551234' }, pending: null }
              : { configured: true, linked: null, pending },
          }),
        ),
      ),
      http.post(api('/whatsapp/verify'), async ({ request }) => {
        sentCode = await request.json();
        linked = true;
        return HttpResponse.json({ message: 'WhatsApp account connected', status: status() });
      }),
    );
    const { user } = renderWithProviders(<BotConnection />, { user: testUser });
    await user.type(await screen.findByLabelText('Enter the 6-digit code sent to +16505551234'), '12a3456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('bot-linked-as')).toHaveTextContent('+16505551234'));
    expect(sentCode).toEqual({ code: '123456' });
  });
});

describe('Bot Connection forms', () => {
  it('says under the field when a typed Telegram ID is not one, before asking the server', async () => {
    let asked = false;
    server.use(
      http.get(api('/bots/status'), () => HttpResponse.json(status())),
      http.post(api('/telegram/connect'), () => {
        asked = true;
        return HttpResponse.json({ message: 'ok', status: status() });
      }),
    );
    const { user } = renderWithProviders(<BotConnection />, { user: testUser });
    const input = await screen.findByLabelText('Or enter your Telegram ID');
    await user.type(input, 'abc');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid Telegram ID');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(asked).toBe(false);
  });

  it('shows an administrator the card that unlinks every Telegram account', async () => {
    server.use(http.get(api('/bots/status'), () => HttpResponse.json(status())));
    renderWithProviders(<BotConnection isAdmin />, { user: testUser });
    expect(await screen.findByRole('button', { name: 'Delete All Telegram Users' })).toBeInTheDocument();
  });
});
