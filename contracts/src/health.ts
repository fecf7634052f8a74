import { z } from 'zod';

export const HealthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'down']),
  version: z.string(),
  /** How late the server's event loop ran timers over the last ten seconds: p99 and worst, in ms. */
  event_loop_delay_ms: z.object({ p99: z.number(), max: z.number() }),
});
export type Health = z.infer<typeof HealthSchema>;
