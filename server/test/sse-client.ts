import http from 'node:http';

export interface SseEvent {
  event: string;
  data: unknown;
}

/** A GET on its own socket (no keep-alive pool), so that closing it leaves nothing open on the server. */
export function get(url: string, headers: Record<string, string> = {}): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers, agent: false }, resolve).on('error', reject);
  });
}

/** Reads a Server-Sent Events response as the browser's client does. */
export class SseClient {
  private buffer = '';
  private finished = false;
  private wake: (() => void) | undefined;

  constructor(readonly response: http.IncomingMessage) {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.wake?.();
    });
    response.on('close', () => {
      this.finished = true;
      this.wake?.();
    });
  }

  /** The next event (comments and retry-only blocks skipped); rejects after `timeoutMs`. */
  async next(timeoutMs = 1000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const event = this.take();
      if (event) return event;
      if (this.finished) throw new Error('stream ended');
      await this.waitForData(deadline);
    }
  }

  /** Resolves when the server ends the stream; rejects after `timeoutMs`. */
  async waitForEnd(timeoutMs = 1000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.finished) await this.waitForData(deadline);
  }

  close() {
    this.response.destroy();
  }

  private take(): SseEvent | undefined {
    for (let end = this.buffer.indexOf('\n\n'); end >= 0; end = this.buffer.indexOf('\n\n')) {
      const lines = this.buffer.slice(0, end).split('\n');
      this.buffer = this.buffer.slice(end + 2);
      const field = (name: string) =>
        lines
          .find((line) => line.startsWith(`${name}:`))
          ?.slice(name.length + 1)
          .trim();
      const data = field('data');
      if (data !== undefined) return { event: field('event') ?? 'message', data: JSON.parse(data) };
    }
    return undefined;
  }

  private waitForData(deadline: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('timed out waiting for the stream')),
        Math.max(deadline - Date.now(), 0),
      );
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
