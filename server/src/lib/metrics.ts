import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { EventLoopDelay } from './event-loop-delay';

/** What the metrics read when scraped: the database pool and the job queue (given by app.ts). */
export interface MetricSources {
  /** node-postgres's pool: connections open, of which idle, and queries waiting for a connection. */
  poolUse(): { total: number; idle: number; waiting: number };
  /** DATABASE_POOL_SIZE. */
  poolMax: number;
  /** Jobs waiting in the jobs table, by state. */
  jobQueue(): Promise<Record<JobQueueState, number>>;
}

export type JobQueueState = 'pending' | 'due' | 'running' | 'failed';
export type JobOutcome = 'ok' | 'retry' | 'failed';

/** Seconds; a list request is a few ms, an import tens of seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

let nodeRegistry: Registry | undefined;
/**
 * Node's own metrics (process_*, nodejs_*), collected once per process: their collectors watch garbage
 * collection and the event loop for as long as the process lives, however many apps it builds (tests).
 */
function nodeMetrics(): Registry {
  if (!nodeRegistry) {
    nodeRegistry = new Registry();
    collectDefaultMetrics({ register: nodeRegistry });
  }
  return nodeRegistry;
}

function poolGauges(registry: Registry, sources: MetricSources): void {
  const use = () => sources.poolUse();
  new Gauge({
    name: 'relate_db_pool_connections',
    help: 'Connections the database pool holds open, busy or idle',
    registers: [registry],
    collect() {
      this.set(use().total);
    },
  });
  new Gauge({
    name: 'relate_db_pool_idle_connections',
    help: 'Open connections of the database pool that no query is using',
    registers: [registry],
    collect() {
      this.set(use().idle);
    },
  });
  new Gauge({
    name: 'relate_db_pool_waiting_queries',
    help: 'Queries waiting for a connection of the database pool (all connections busy)',
    registers: [registry],
    collect() {
      this.set(use().waiting);
    },
  });
  new Gauge({
    name: 'relate_db_pool_max_connections',
    help: 'The largest number of connections the pool opens (DATABASE_POOL_SIZE)',
    registers: [registry],
  }).set(sources.poolMax);
}

function eventLoopGauge(registry: Registry): EventLoopDelay {
  const delay = new EventLoopDelay();
  new Gauge({
    name: 'relate_event_loop_delay_seconds',
    help: 'How late the event loop ran a 20 ms timer over the last ten seconds (as in /api/health)',
    labelNames: ['stat'],
    registers: [registry],
    collect() {
      const { p99, max } = delay.read();
      this.set({ stat: 'p99' }, p99 / 1000);
      this.set({ stat: 'max' }, max / 1000);
    },
  });
  return delay;
}

function jobQueueGauge(registry: Registry, sources: MetricSources): void {
  new Gauge({
    name: 'relate_jobs',
    help: 'Background jobs by state: pending (one-off, waiting), due (to run now, not running), running, failed (gave up)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      for (const [state, count] of Object.entries(await sources.jobQueue())) this.set({ state }, count);
    },
  });
}

/**
 * Relate's Prometheus metrics (decision 45), one registry per app: the request durations, the database
 * pool, the event loop, the job queue, Google syncs and imports, and Node's own (process_*, nodejs_*).
 * The modules report to it through narrow interfaces that services.ts hands them (SyncRuns' recorder,
 * the job runner's and the contacts' listeners); none of them imports it.
 */
export class Metrics {
  private readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status_code'>;
  private readonly jobRuns: Counter<'kind' | 'outcome'>;
  private readonly syncRuns: Counter<'sync' | 'outcome'>;
  private readonly importRows: Counter<'kind'>;
  private readonly importSeconds: Counter<'kind'>;
  private readonly eventLoop: EventLoopDelay;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    this.requests = new Histogram({
      name: 'relate_http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern (never the raw URL) and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.jobRuns = new Counter({
      name: 'relate_job_runs_total',
      help: 'Background job runs by kind and outcome: ok, retry (failed, will run again), failed (gave up)',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.syncRuns = new Counter({
      name: 'relate_google_sync_runs_total',
      help: 'Google sync runs by sync (contacts, calendar) and outcome: ok, failed, busy (another run held it)',
      labelNames: ['sync', 'outcome'],
      registers,
    });
    this.importRows = new Counter({
      name: 'relate_import_rows_total',
      help: 'Rows written by imports',
      labelNames: ['kind'],
      registers,
    });
    this.importSeconds = new Counter({
      name: 'relate_import_seconds_total',
      help: 'Time spent in imports: rows per second is the rate of relate_import_rows_total over this',
      labelNames: ['kind'],
      registers,
    });
    poolGauges(this.registry, sources);
    jobQueueGauge(this.registry, sources);
    this.eventLoop = eventLoopGauge(this.registry);
  }

  /** `route` is the route's pattern (`/api/people/:id`), never the URL: one series per route, not per id. */
  requestFinished(method: string, route: string, statusCode: number, seconds: number): void {
    this.requests.observe({ method, route, status_code: String(statusCode) }, seconds);
  }

  jobRan(kind: string, outcome: JobOutcome): void {
    this.jobRuns.inc({ kind, outcome });
  }

  syncFinished(sync: string, outcome: string): void {
    this.syncRuns.inc({ sync, outcome });
  }

  imported(kind: string, rows: number, seconds: number): void {
    this.importRows.inc({ kind }, rows);
    this.importSeconds.inc({ kind }, seconds);
  }

  /** The Prometheus text exposition of every metric, and its content type. */
  async exposition(): Promise<{ text: string; contentType: string }> {
    const both = Registry.merge([nodeMetrics(), this.registry]);
    return { text: await both.metrics(), contentType: both.contentType };
  }

  stop(): void {
    this.eventLoop.stop();
  }
}
