import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { ItemSender, ItemsNotWanted } from './item-port';

describe('ItemSender', () => {
  it('keeps at most two items unanswered, and sends the next when one is taken', async () => {
    const { port1, port2 } = new MessageChannel();
    const received: number[] = [];
    port1.on('message', (item: number) => received.push(item));
    const sender = new ItemSender<number>(port2);
    await sender.send(1);
    await sender.send(2);
    let third = false;
    const sending = sender.send(3).then(() => (third = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(third).toBe(false);
    port1.postMessage('taken');
    await sending;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received).toEqual([1, 2, 3]);
    sender.close();
    port1.close();
  });

  it('stops waiting when the other end says stop, or closes without saying it', async () => {
    for (const end of ['stop', 'close'] as const) {
      const { port1, port2 } = new MessageChannel();
      const sender = new ItemSender<number>(port2);
      await sender.send(1);
      await sender.send(2);
      const waiting = sender.send(3);
      if (end === 'stop') port1.postMessage('stop');
      else port1.close();
      await expect(waiting).rejects.toBeInstanceOf(ItemsNotWanted);
      sender.close();
    }
  });
});
