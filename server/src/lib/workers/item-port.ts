import type { MessagePort, Transferable } from 'node:worker_threads';

/** What the main thread sends back over an item port: an item was taken, or no more are wanted. */
export type ItemPortReply = 'taken' | 'stop';

/** Thrown by `send` once the main thread has stopped taking items (its import failed). */
export class ItemsNotWanted extends Error {
  constructor() {
    super('The main thread stopped taking items');
  }
}

/**
 * The worker's end of a stream of items to the main thread (`WorkerPool.stream`): at most `ahead` items
 * are sent and not yet taken, so a fast producer waits for a slow consumer instead of filling memory.
 */
export class ItemSender<T> {
  private unanswered = 0;
  private stopped = false;
  private wake?: () => void;

  constructor(
    private readonly port: MessagePort,
    private readonly ahead = 2,
  ) {
    port.on('message', (reply: ItemPortReply) => {
      if (reply === 'stop') this.stopped = true;
      else this.unanswered--;
      this.wake?.();
    });
    // The main thread's end was closed without a 'stop' (its thread ended): no more will be taken.
    port.on('close', () => {
      this.stopped = true;
      this.wake?.();
    });
  }

  private async until(ready: () => boolean) {
    while (!ready() && !this.stopped) await new Promise<void>((resolve) => (this.wake = resolve));
    if (this.stopped) throw new ItemsNotWanted();
  }

  /** Sends `item`, moving the buffers of `transfer` (which the worker must not use again). */
  async send(item: T, transfer: Transferable[] = []): Promise<void> {
    await this.until(() => this.unanswered < this.ahead);
    this.unanswered++;
    this.port.postMessage(item, transfer);
  }

  /** Waits until every item sent was taken: the task's answer then arrives after its last item. */
  async finish(): Promise<void> {
    await this.until(() => this.unanswered === 0);
  }

  close(): void {
    this.port.close();
  }
}
