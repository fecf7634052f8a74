import type { ReachOutPerson, UpcomingBirthday } from '@relate/contracts';
import { CakeIcon, HeartHandshakeIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { formatDate, formatNumber } from '@/lib/format';
import { useReachOut } from '../../api/stay-in-touch-api';
import { FollowUpButtons } from './follow-up-buttons';

const cadenceText = ({ every, unit }: NonNullable<ReachOutPerson['cadence']>) =>
  every === 1 ? `Every ${unit}` : `Every ${every} ${unit}s`;

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <section className="grid gap-3" aria-label={title}>
      <h2 className="flex items-center gap-2 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
        <span className="rounded-full bg-muted px-2 text-xs tabular-nums">{formatNumber(count)}</span>
      </h2>
      <Card className="overflow-hidden">
        <ul className="divide-y">{children}</ul>
      </Card>
    </section>
  );
}

/** Another feature's action for a person (the app's "Log interaction"). */
type LogAction = (contactId: number) => ReactNode;

/** "Due today", "Was due Jun 15, 2026" (before today) or "Due Jun 19, 2026". */
function DueBadge({ date }: { date: string }) {
  const day = (value: Date) => value.toLocaleDateString('en-CA');
  const today = day(new Date());
  const due = day(new Date(date));
  if (due === today) return <Badge variant="warning">Due today</Badge>;
  if (due < today) return <Badge variant="destructive">Was due {formatDate(date)}</Badge>;
  return <Badge variant="secondary">Due {formatDate(date)}</Badge>;
}

function PersonRow({ person, logAction }: { person: ReachOutPerson; logAction?: LogAction }) {
  const name = person.full_name || 'Unnamed contact';
  const detail = [person.organization, person.email ?? person.phone].filter(Boolean).join(' · ');
  return (
    <li
      data-testid="reach-out-person"
      className="flex flex-col gap-3 px-4 py-3.5 sm:flex-row sm:items-center sm:justify-between sm:px-5"
    >
      <div className="grid min-w-0 gap-1">
        <Link to={`/contacts?contact=${person.id}`} className="truncate font-medium hover:underline">
          {name}
        </Link>
        {detail && <span className="truncate text-sm text-muted-foreground">{detail}</span>}
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <DueBadge date={person.next_follow_up_date} />
          {person.cadence && <span>{cadenceText(person.cadence)}</span>}
          <span>
            {person.last_contact_date
              ? `Last contact ${formatDate(person.last_contact_date)}`
              : 'Never contacted'}
          </span>
        </div>
      </div>
      <FollowUpButtons contactId={person.id} name={name} extra={logAction?.(person.id)} />
    </li>
  );
}

function BirthdayRow({ birthday }: { birthday: UpcomingBirthday }) {
  const today = birthday.date === new Date().toLocaleDateString('en-CA');
  return (
    <li className="flex items-center justify-between gap-3 px-4 py-3 sm:px-5">
      <div className="flex min-w-0 items-center gap-3">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <CakeIcon className="size-4" />
        </span>
        <Link to={`/contacts?contact=${birthday.id}`} className="truncate font-medium hover:underline">
          {birthday.full_name || 'Unnamed contact'}
        </Link>
      </div>
      <span className="shrink-0 text-sm text-muted-foreground">
        {today ? 'Today' : formatDate(birthday.date)}
        {birthday.age !== null && ` · turns ${birthday.age}`}
      </span>
    </li>
  );
}

/** Reach out: who is due or overdue for a follow-up, who is due this week, and the week's birthdays. */
export function ReachOutPage({ logAction }: { logAction?: LogAction }) {
  const reachOut = useReachOut();
  const due = reachOut.data?.due.length ?? 0;

  return (
    <>
      <PageHeader
        title="Reach out"
        description={
          due > 0
            ? `${formatNumber(due)} ${due === 1 ? 'person is' : 'people are'} due for a follow-up.`
            : 'Nobody is due for a follow-up today.'
        }
      />
      <QueryState
        query={reachOut}
        errorTitle="Failed to load follow-ups"
        isEmpty={(view) => view.due.length + view.upcoming.length + view.birthdays.length === 0}
        empty={
          <EmptyState
            icon={HeartHandshakeIcon}
            title="Nobody to reach out to"
            description="Open a contact and choose how often to stay in touch: they show up here when it is time."
          />
        }
      >
        {(view) => (
          <div className="grid gap-8">
            {view.due.length > 0 && (
              <Section title="Due and overdue" count={view.due.length}>
                {view.due.map((person) => (
                  <PersonRow key={person.id} person={person} logAction={logAction} />
                ))}
              </Section>
            )}
            {view.upcoming.length > 0 && (
              <Section title="This week" count={view.upcoming.length}>
                {view.upcoming.map((person) => (
                  <PersonRow key={person.id} person={person} logAction={logAction} />
                ))}
              </Section>
            )}
            {view.birthdays.length > 0 && (
              <Section title="Birthdays this week" count={view.birthdays.length}>
                {view.birthdays.map((birthday) => (
                  <BirthdayRow key={birthday.id} birthday={birthday} />
                ))}
              </Section>
            )}
          </div>
        )}
      </QueryState>
    </>
  );
}
