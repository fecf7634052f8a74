import type { BotActionResponse, BotStatus, TelegramLink } from '@relate/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/api-client';
import { useAppMutation } from '@/lib/query';
import { botKeys } from './keys';

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The Bot Connection state. While a link waits for Telegram or a deep link is open, it is re-checked
 * every 3 seconds so that the card changes by itself once the link is confirmed.
 */
export const useBotStatus = (waiting: boolean) =>
  useQuery({
    queryKey: botKeys.status(),
    queryFn: ({ signal }) => fetchJson<BotStatus>('/bots/status', { signal }),
    refetchInterval: (query) =>
      waiting || query.state.data?.telegram.pending || query.state.data?.whatsapp.pending ? 3000 : false,
  });

function useBotMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<BotActionResponse>) {
  return useAppMutation({ mutationFn, invalidates: [botKeys.all] });
}

export const useCreateTelegramLink = () =>
  useAppMutation({
    mutationFn: () =>
      fetchJson<TelegramLink>('/telegram/link', { method: 'POST', body: { timezone: browserTimeZone() } }),
  });

export const useConnectTelegram = () =>
  useBotMutation((telegramId: string) =>
    fetchJson<BotActionResponse>('/telegram/connect', {
      method: 'POST',
      body: { telegram_id: telegramId, timezone: browserTimeZone() },
    }),
  );

export const useDisconnectTelegram = () =>
  useBotMutation(() => fetchJson<BotActionResponse>('/telegram/disconnect', { method: 'POST' }));

export const useConnectWhatsApp = () =>
  useBotMutation((phone: string) =>
    fetchJson<BotActionResponse>('/whatsapp/connect', {
      method: 'POST',
      body: { whatsapp_phone_number: phone, timezone: browserTimeZone() },
    }),
  );

export const useVerifyWhatsApp = () =>
  useBotMutation((code: string) =>
    fetchJson<BotActionResponse>('/whatsapp/verify', { method: 'POST', body: { code } }),
  );

export const useDisconnectWhatsApp = () =>
  useBotMutation(() => fetchJson<BotActionResponse>('/whatsapp/disconnect', { method: 'POST' }));

export const useSetPreferredPlatform = () =>
  useBotMutation((platform: 'telegram' | 'whatsapp') =>
    fetchJson<BotActionResponse>('/auth/preferred-platform', {
      method: 'POST',
      body: { preferred_messaging_platform: platform },
    }),
  );

export const useSendTestMessage = () =>
  useAppMutation({
    mutationFn: () => fetchJson<{ message: string }>('/bots/test-message', { method: 'POST' }),
  });

export const useDeleteAllTelegramUsers = () =>
  useAppMutation({
    mutationFn: () =>
      fetchJson<{ message: string; unlinked: number }>('/admin/telegram-users', {
        method: 'DELETE',
        body: { confirm: true },
      }),
    invalidates: [botKeys.all],
  });
