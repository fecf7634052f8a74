import { describe, expect, it } from 'vitest';
import { SseParser } from './sse';

describe('SseParser', () => {
  it('parses named events split across chunks, skipping comments and retry lines', () => {
    const parser = new SseParser();
    expect(parser.push('retry: 5000\n\nevent: unread-count\nda')).toEqual([]);
    expect(parser.push('ta: {"unread_count":2}\n\n: heartbeat\n\n')).toEqual([
      { event: 'unread-count', data: '{"unread_count":2}' },
    ]);
    expect(parser.push('event: notification\r\ndata: {"a":1}\r\n\r\n')).toEqual([
      { event: 'notification', data: '{"a":1}' },
    ]);
  });

  it('joins multi-line data', () => {
    expect(new SseParser().push('data: one\ndata: two\n\n')).toEqual([
      { event: 'message', data: 'one\ntwo' },
    ]);
  });
});
