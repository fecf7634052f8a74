import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useTelegramLink } from '../hooks/use-telegram-link';
import { DeleteTelegramUsersCard } from './delete-telegram-users-card';
import { PreferredPlatformCard } from './preferred-platform-card';
import { TelegramCard } from './telegram-card';
import { WhatsAppCard } from './whatsapp-card';

/**
 * Settings → Bot Connection: the Telegram Bot, WhatsApp Bot and Preferred Platform cards, and for an
 * administrator (the route knows who is signed in) the card that unlinks every Telegram account.
 */
export function BotConnection({ isAdmin = false }: { isAdmin?: boolean }) {
  const { status, link, setLink } = useTelegramLink();

  if (status.isPending) {
    return (
      <div className="grid gap-4">
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (status.isError) {
    return (
      <Card>
        <CardContent className="flex items-center justify-between gap-3 p-6 text-sm">
          <span>Could not load the bot connections.</span>
          <Button variant="outline" size="sm" onClick={() => status.refetch()}>
            Try again
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="grid gap-4">
      <TelegramCard status={status.data.telegram} link={link} onLink={setLink} />
      <WhatsAppCard status={status.data.whatsapp} recheck={() => void status.refetch()} />
      <PreferredPlatformCard status={status.data} />
      {isAdmin && <DeleteTelegramUsersCard />}
    </div>
  );
}
