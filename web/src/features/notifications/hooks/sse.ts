export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * Splits a text/event-stream body into events (the WHATWG format: `event:`/`data:` lines, a blank
 * line ends an event, `:` lines are comments). Fed chunk by chunk; returns the complete events.
 */
export class SseParser {
  private buffer = '';
  private event = 'message';
  private data: string[] = [];

  push(chunk: string): ServerSentEvent[] {
    this.buffer += chunk;
    const events: ServerSentEvent[] = [];
    let newline = this.buffer.search(/\r?\n/);
    while (newline !== -1) {
      const line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(this.buffer[newline] === '\r' ? newline + 2 : newline + 1);
      if (line === '') {
        if (this.data.length > 0) events.push({ event: this.event, data: this.data.join('\n') });
        this.event = 'message';
        this.data = [];
      } else if (!line.startsWith(':')) {
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') this.event = value;
        else if (field === 'data') this.data.push(value);
      }
      newline = this.buffer.search(/\r?\n/);
    }
    return events;
  }
}
