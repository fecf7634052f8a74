import type { TelegramLink } from '@relate/contracts';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { useBotStatus } from '../api/bots-api';

/**
 * The bot status, and the Telegram deep link while one is open: the status is re-checked while it is,
 * the link closes when it expires, and once Telegram confirms the card says so and closes it.
 */
export function useTelegramLink() {
  const [link, setLink] = useState<TelegramLink | null>(null);
  const status = useBotStatus(link !== null);
  const telegramLinked = status.data?.telegram.linked?.telegram_id ?? null;
  const previous = useRef(telegramLinked);

  useEffect(() => {
    if (telegramLinked && previous.current !== telegramLinked && status.data) {
      toast.success('Telegram account connected');
      setLink(null);
    }
    previous.current = telegramLinked;
  }, [telegramLinked, status.data]);

  useEffect(() => {
    if (!link) return;
    const remaining = new Date(link.expires_at).getTime() - Date.now();
    const timer = setTimeout(() => setLink(null), Math.max(0, remaining));
    return () => clearTimeout(timer);
  }, [link]);

  return { status, link, setLink };
}
