import type { SystemInfo } from '@relate/contracts';
import { ArchiveIcon, DatabaseIcon, PackageIcon, TriangleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { QueryState } from '@/components/query-state';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatNumber } from '@/lib/format';
import { formatBytes } from '@/lib/format-bytes';
import { useSystemInfo } from '../api/admin-api';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

function FactsCard({
  icon: Icon,
  title,
  children,
  note,
}: {
  icon: typeof DatabaseIcon;
  title: string;
  children: ReactNode;
  /** Shown under the facts (a definition list holds only terms and their values). */
  note?: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="grid gap-4 p-6">
        <div className="flex items-center gap-3">
          <span className="rounded-lg bg-primary/10 p-2 text-primary">
            <Icon className="size-5" />
          </span>
          <h3 className="font-medium">{title}</h3>
        </div>
        <dl className="grid gap-3">{children}</dl>
        {note}
      </CardContent>
    </Card>
  );
}

const Code = ({ children }: { children: ReactNode }) => (
  <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all">{children}</code>
);

function DatabaseFacts({ database }: { database: SystemInfo['database'] }) {
  const engine = `${database.engine} ${database.version}`;
  const fsyncOff = database.fsync === 'off' && (
    <div className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm">
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-warning" />
      <span>
        fsync is off: after a power loss or an operating system crash, recent changes can be lost or the
        database damaged. Keep regular backups.
      </span>
    </div>
  );
  return (
    <FactsCard icon={DatabaseIcon} title="Database" note={fsyncOff}>
      <Fact term="Engine">{engine}</Fact>
      {database.embedded ? (
        <Fact term="Runs">
          Embedded, in <Code>{database.data_directory}</Code>
        </Fact>
      ) : (
        <>
          <Fact term="Runs">External server</Fact>
          <Fact term="Host">
            <Code>
              {database.host}:{database.port}
            </Code>
          </Fact>
          <Fact term="Database name">
            <Code>{database.name}</Code>
          </Fact>
        </>
      )}
      <Fact term="fsync">{database.fsync}</Fact>
      <Fact term="Synchronous commit">{database.synchronous_commit}</Fact>
      <Fact term="Data size">{formatBytes(database.size_bytes)}</Fact>
      <Fact term="Open connections">{formatNumber(database.connections)}</Fact>
    </FactsCard>
  );
}

function BackupFacts({ backups }: { backups: SystemInfo['backups'] }) {
  return (
    <FactsCard icon={ArchiveIcon} title="Backups">
      {backups.last ? (
        <>
          <Fact term="Last backup">{formatDateTime(backups.last.created_at)}</Fact>
          <Fact term="Size">{formatBytes(backups.last.size_bytes)}</Fact>
          <Fact term="File">
            <Code>{backups.last.name}</Code>
          </Fact>
        </>
      ) : (
        <Fact term="Last backup">No backup yet</Fact>
      )}
      <Fact term="Folder">
        <Code>{backups.directory}</Code>
      </Fact>
    </FactsCard>
  );
}

function Loading() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-64 w-full" />
      <Skeleton className="h-36 w-full" />
    </div>
  );
}

/** Settings → System (administrators): Relate's version, its database and the last backup. */
export function SystemSection() {
  const query = useSystemInfo();
  return (
    <QueryState query={query} errorTitle="Could not load the system information" loading={<Loading />}>
      {(info) => (
        <div className="grid gap-4" data-testid="system-info">
          <FactsCard icon={PackageIcon} title="Relate">
            <Fact term="Version">{info.relate_version}</Fact>
          </FactsCard>
          <DatabaseFacts database={info.database} />
          <BackupFacts backups={info.backups} />
        </div>
      )}
    </QueryState>
  );
}
