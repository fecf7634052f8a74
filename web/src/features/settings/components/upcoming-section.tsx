import { ClockIcon } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';

/** A Settings section whose feature has not landed yet: what it will hold, honestly. */
export function UpcomingSection({ text }: { text: string }) {
  return (
    <Card>
      <CardContent className="flex items-start gap-3 p-6">
        <ClockIcon className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="grid gap-1">
          <p className="font-medium">Not available yet</p>
          <p className="text-sm text-muted-foreground">{text}</p>
        </div>
      </CardContent>
    </Card>
  );
}
