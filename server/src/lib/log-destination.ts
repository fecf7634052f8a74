import SonicBoom from 'sonic-boom';

/** Log text waiting for a reader that does not keep up: past this, new lines are dropped. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

/** Where the server's log lines go, and how it lets the last ones out before exiting. */
export interface LogDestination {
  write(line: string): void;
  /** Waits until every line is written, the output breaks, or `timeoutMs` has passed. */
  flushWithin(timeoutMs: number): Promise<void>;
}

/**
 * Log lines to a file descriptor (stdout) that never hold the process, whatever happens to the reader
 * (issue 30). pino's own destination, when the process exits, writes what is left synchronously and
 * retries for as long as the write fails: a reader that went away (EPIPE) or stopped reading (a full
 * pipe) kept a stopping server alive forever, its force-exit timer included. Here lines are written
 * asynchronously (Node made the descriptor non-blocking), a broken output turns logging off, a reader
 * that falls 16 MB behind loses lines rather than memory, and nothing is written at exit: the
 * shutdown lets the last lines out with a bound (`flushWithin`).
 */
export function logDestination(fd = 1): LogDestination {
  const stream = new SonicBoom({ fd, sync: false, maxLength: MAX_BUFFERED_BYTES });
  let broken = false;
  /** Lines handed over and not yet written ('drain' says all were). */
  let pending = false;
  const settled = () =>
    new Promise<void>((resolve) => {
      stream.once('drain', resolve);
      stream.once('error', resolve);
    });
  stream.on('error', () => {
    broken = true;
  });
  stream.on('drain', () => {
    pending = false;
  });
  return {
    write(line) {
      if (broken) return;
      pending = true;
      stream.write(line);
    },
    async flushWithin(timeoutMs) {
      if (broken || !pending) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        settled(),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs))),
      ]);
      clearTimeout(timer);
    },
  };
}
