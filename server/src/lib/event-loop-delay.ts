const SAMPLE_MS = 20;
const WINDOW_MS = 10_000;

/**
 * How late the event loop runs a 20 ms timer, over a rolling window: the worse of the window that
 * just ended and the current one, so a stall shows in /api/health for at least ten seconds after it.
 * (A plain timer rather than perf_hooks' monitorEventLoopDelay, whose samples did not show a stall
 * reliably when it was created during the app's boot.)
 */
export class EventLoopDelay {
  private current: number[] = [];
  private previous = { p99: 0, max: 0 };
  private expected = performance.now() + SAMPLE_MS;
  private windowStart = performance.now();
  private readonly timer: NodeJS.Timeout;

  constructor() {
    this.timer = setInterval(() => this.sample(), SAMPLE_MS).unref();
  }

  private sample() {
    const now = performance.now();
    this.current.push(Math.max(0, now - this.expected));
    this.expected = now + SAMPLE_MS;
    if (now - this.windowStart >= WINDOW_MS) {
      this.previous = summarise(this.current);
      this.current = [];
      this.windowStart = now;
    }
  }

  read(): { p99: number; max: number } {
    const now = summarise(this.current);
    return { p99: Math.max(now.p99, this.previous.p99), max: Math.max(now.max, this.previous.max) };
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

function summarise(samples: number[]): { p99: number; max: number } {
  if (samples.length === 0) return { p99: 0, max: 0 };
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    p99: round(sorted[Math.floor((sorted.length - 1) * 0.99)]),
    max: round(sorted[sorted.length - 1]),
  };
}
