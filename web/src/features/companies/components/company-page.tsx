import type { Person } from '@relate/contracts';
import { ArrowLeftIcon, Building2Icon, ExternalLinkIcon, PencilIcon, UsersIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatNumber, pluralWord } from '@/lib/format';
import { useCompany } from '../api/get-company';
import { COMPANY_PEOPLE_SHOWN, useCompanyPeople } from '../api/get-company-people';
import { DomainList, StrengthBadge, TagList } from './company-badges';

const nameOf = (person: Person) =>
  person.full_name?.trim() ||
  [person.first_name, person.last_name].filter(Boolean).join(' ') ||
  person.email ||
  'Unknown Contact';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .map((word) => word[0])
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toUpperCase();

/** One of the company's people: the name (opening the contact), the title and how to reach them. */
function PersonRow({ person }: { person: Person }) {
  const name = nameOf(person);
  return (
    <li className="flex items-center gap-3 py-3">
      <span
        aria-hidden
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary"
      >
        {initialsOf(name)}
      </span>
      <div className="min-w-0 flex-1">
        <Link
          to={`/contacts?contact=${person.id}`}
          className="block truncate font-medium underline-offset-4 hover:underline"
        >
          {name}
        </Link>
        <p className="truncate text-sm text-muted-foreground">{person.job_title || 'No job title'}</p>
      </div>
      {person.email && (
        <a
          href={`mailto:${person.email}`}
          className="hidden truncate text-sm text-muted-foreground underline-offset-4 hover:underline sm:block"
        >
          {person.email}
        </a>
      )}
    </li>
  );
}

/** /companies/:id: a company with its people and their titles (issue 35). */
export function CompanyPage() {
  const id = Number(useParams().id);
  const company = useCompany(id);
  const people = useCompanyPeople(id);

  return (
    <div className="grid gap-6">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-2 mb-2">
          <Link to="/companies">
            <ArrowLeftIcon />
            Companies
          </Link>
        </Button>
        <QueryState query={company} errorTitle="Could not load this company" loading={<TitleSkeleton />}>
          {(data) => (
            <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
              <div className="flex min-w-0 items-start gap-3">
                <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
                  <Building2Icon className="size-6" aria-hidden />
                </span>
                <div className="grid min-w-0 gap-1.5">
                  <h1 className="text-2xl font-semibold tracking-tight break-words">{data.record}</h1>
                  <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                    {data.categories && <span>{data.categories}</span>}
                    {data.connection_strength && <StrengthBadge strength={data.connection_strength} />}
                    {data.domains.length > 0 && <DomainList domains={data.domains} wrap />}
                  </div>
                  {data.tags.length > 0 && <TagList tags={data.tags} />}
                </div>
              </div>
              <Button asChild variant="outline" className="self-start">
                <Link to={`/companies?company=${data.id}`}>
                  <PencilIcon />
                  Edit Company
                </Link>
              </Button>
            </div>
          )}
        </QueryState>
      </div>

      <Card>
        <CardHeader className="flex flex-row items-start justify-between gap-4 border-b">
          <div className="grid gap-1.5">
            <CardTitle className="flex items-center gap-2">
              <UsersIcon className="size-4" aria-hidden />
              People
            </CardTitle>
            <CardDescription>
              {people.data
                ? `${formatNumber(people.data.total)} ${pluralWord(people.data.total, 'person works', 'people work')} here`
                : 'The contacts linked to this company'}
            </CardDescription>
          </div>
          {people.data && people.data.total > 0 && (
            <Button asChild variant="outline" size="sm">
              <Link to={`/contacts?company_id=${id}`}>
                <ExternalLinkIcon />
                Show in Contacts
              </Link>
            </Button>
          )}
        </CardHeader>
        <CardContent className="pt-2">
          <QueryState
            query={people}
            errorTitle="Could not load the people of this company"
            isEmpty={(data) => data.people.length === 0}
            empty={
              <div className="py-4">
                <EmptyState
                  icon={UsersIcon}
                  title="No people at this company yet"
                  description="Link a contact to it: type the company's name in the contact's Organization field and pick it."
                />
              </div>
            }
          >
            {(data) => (
              <>
                <ul className="divide-y" aria-label="People">
                  {data.people.map((person) => (
                    <PersonRow key={person.id} person={person} />
                  ))}
                </ul>
                {data.total > COMPANY_PEOPLE_SHOWN && (
                  <p className="pt-3 text-sm text-muted-foreground">
                    {`Showing ${COMPANY_PEOPLE_SHOWN} of ${formatNumber(data.total)}. `}
                    <Link to={`/contacts?company_id=${id}`} className="underline underline-offset-4">
                      Show all in Contacts
                    </Link>
                  </p>
                )}
              </>
            )}
          </QueryState>
        </CardContent>
      </Card>
    </div>
  );
}

function TitleSkeleton() {
  return (
    <div className="flex items-center gap-3" aria-hidden>
      <span className="size-12 animate-pulse rounded-xl bg-muted" />
      <span className="h-7 w-48 animate-pulse rounded bg-muted" />
    </div>
  );
}
