import { z } from 'zod';

export const HealthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'down']),
  version: z.string(),
  /** How late the server's event loop ran timers over the last ten seconds: p99 and worst, in ms. */
  event_loop_delay_ms: z.object({ p99: z.number(), max: z.number() }),
});
export type Health = z.infer<typeof HealthSchema>;

/** One readiness check: `not_configured` for Redis without REDIS_URL, `unknown` when the database it needs did not answer. */
export const ReadinessCheckSchema = z.enum(['ok', 'failed', 'not_configured', 'unknown']);

/**
 * `/api/ready`: whether this process should be sent traffic. 200 when every check that applies is ok;
 * 503 naming the failing checks in `failing` otherwise.
 */
export const ReadinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    database: ReadinessCheckSchema,
    redis: ReadinessCheckSchema,
    migrations: ReadinessCheckSchema,
  }),
  failing: z.array(z.enum(['database', 'redis', 'migrations'])),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
