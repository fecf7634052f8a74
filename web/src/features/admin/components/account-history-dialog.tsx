import type { User } from '@relate/contracts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatDate } from '@/lib/format';
import { useAccountHistory } from '../api/admin-api';

/** What happened to an account that its administrator should know (e.g. a Google owner took it over). */
export function AccountHistoryDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const history = useAccountHistory(user?.id);
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Account history</DialogTitle>
          <DialogDescription>{user?.full_name || user?.email}</DialogDescription>
        </DialogHeader>
        {history.isPending ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : history.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {history.error.message}
          </p>
        ) : history.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing to report for this account.</p>
        ) : (
          <ul className="grid gap-3">
            {history.data.map((entry) => (
              <li key={`${entry.kind}-${entry.created_at}`} className="grid gap-0.5 text-sm">
                <span className="text-xs text-muted-foreground">{formatDate(entry.created_at)}</span>
                <span>{entry.message}</span>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
