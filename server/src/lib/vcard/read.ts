/**
 * Reading vCard files as phones, mail clients and address books write them (decision 46): vCard 2.1
 * (Outlook, Android), 3.0 (Apple Contacts, Google Contacts) and 4.0 (RFC 6350), streamed card by card.
 *
 *   for await (const card of readVCards(fileStream)) {
 *     card.number;       // 1, 2, ... in the file
 *     card.properties;   // [{ group: 'item1', name: 'TEL', params: { TYPE: ['cell'] }, value: '+1 555' }]
 *   }
 *
 * Handles: folded lines (a line starting with a space or tab continues the one before), 2.1's
 * QUOTED-PRINTABLE with soft line breaks (the next line need not be indented), CHARSET parameters and
 * files in UTF-16 or a legacy 8-bit encoding, 2.1's bare parameters (`TEL;CELL;PREF:`), quoted and
 * RFC 6868 (^n, ^^, ^') parameter values, grouped properties (`item1.X-ABLabel`), cards nested in
 * AGENT (skipped), and a last card without END:VCARD (kept, with a warning). Values are decoded to
 * text but not unescaped: structured values split on `;` first (`splitValue`), text is `unescapeText`ed.
 */
import fs from 'node:fs';
import iconv from 'iconv-lite';
import { detectEncoding, type SourceChunk } from '../csv/decode';

export interface VCardProperty {
  group?: string;
  /** Upper case: 'TEL', 'X-ABLABEL'. */
  name: string;
  /** Parameter names upper case, values as written; 2.1's bare `CELL` is `TYPE: ['CELL']`. */
  params: Record<string, string[]>;
  /** The decoded value, still escaped (`\,`, `\;`, `\n`). */
  value: string;
}

export interface VCard {
  /** Its position in the file, from 1. */
  number: number;
  /** The line its BEGIN:VCARD is on. */
  line: number;
  version: string;
  properties: VCardProperty[];
  /** What was odd but did not stop the card (no END:VCARD). */
  warnings: string[];
}

/** Longest unfolded line kept; longer ones (a photo of many MB) are dropped without being decoded. */
const MAX_LINE_BYTES = 1024 * 1024;
const ENCODING_WORDS = new Set(['QUOTED-PRINTABLE', 'BASE64', 'B', '8BIT', '7BIT']);
const BEGIN = /^\s*BEGIN\s*:\s*VCARD\s*$/i;
const END = /^\s*END\s*:\s*VCARD\s*$/i;

/** True when the first bytes of a file are a vCard's (after a BOM, blank lines, in UTF-8 or UTF-16). */
export function looksLikeVCard(head: Buffer): boolean {
  const text = iconv.decode(head.subarray(0, 4096), detectEncoding(head.subarray(0, 4096)), {
    stripBOM: true,
  });
  return /^\s*BEGIN:VCARD\s*$/im.test(text.trimStart().split('\n', 1)[0] ?? '');
}

/** True when the file at `path` is a vCard file (its first 4 KB read). */
export async function isVCardFile(path: string): Promise<boolean> {
  const file = await fs.promises.open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(4096), 0, 4096, 0);
    return looksLikeVCard(buffer.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}

/** The file's lines as bytes, a chunk's at a time, without their line ends; UTF-16 re-encoded as UTF-8 first. */
async function* byteLines(source: AsyncIterable<SourceChunk>): AsyncGenerator<Buffer[]> {
  let pending = Buffer.alloc(0);
  let decoder: ReturnType<typeof iconv.getDecoder> | null | undefined;
  for await (const raw of source) {
    let chunk = Buffer.from(raw);
    if (decoder === undefined) {
      const encoding = detectEncoding(chunk);
      decoder = encoding.startsWith('utf16') ? iconv.getDecoder(encoding, { stripBOM: true }) : null;
      if (!decoder && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3);
    }
    if (decoder) chunk = Buffer.from(decoder.write(chunk));
    let data = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
    const lines: Buffer[] = [];
    for (let end = data.indexOf(0x0a); end !== -1; end = data.indexOf(0x0a)) {
      const line = data.subarray(0, end);
      lines.push(line.at(-1) === 0x0d ? line.subarray(0, -1) : line);
      data = data.subarray(end + 1);
    }
    // A line longer than any kept (a photo without line breaks) is cut here: it is dropped anyway, and
    // joining every chunk to all of it would copy a 50 MB line a thousand times.
    pending = Buffer.from(data.subarray(0, MAX_LINE_BYTES + 1));
    yield lines;
  }
  if (pending.length > 0) yield [pending];
}

const isQuotedPrintable = (line: Buffer) => {
  const colon = line.indexOf(0x3a);
  return /QUOTED-PRINTABLE/i.test(line.subarray(0, colon === -1 ? line.length : colon).toString('latin1'));
};

interface LogicalLine {
  /** The number of its first line in the file. */
  line: number;
  bytes: Buffer;
}

/**
 * Joins lines into logical lines: folded lines (one leading space or tab dropped), and quoted-printable
 * values continued after a line ending in '=' (their soft line break).
 */
class LineJoiner {
  private current: Buffer[] = [];
  private size = 0;
  private start = 0;
  private number = 0;
  private softBreak = false;

  /** Takes the next line; answers the logical line it ends, if any. */
  push(raw: Buffer): LogicalLine | undefined {
    this.number++;
    const folded = raw[0] === 0x20 || raw[0] === 0x09;
    let ended: LogicalLine | undefined;
    if (this.current.length > 0 && (folded || this.softBreak)) {
      const part = folded && !this.softBreak ? raw.subarray(1) : raw;
      const last = this.current.length - 1;
      if (this.softBreak) this.current[last] = this.current[last].subarray(0, -1);
      if (this.size <= MAX_LINE_BYTES) this.current.push(part);
      this.size += part.length;
    } else {
      ended = this.end();
      this.current = [raw];
      this.size = raw.length;
      this.start = this.number;
    }
    this.softBreak = raw.at(-1) === 0x3d && isQuotedPrintable(this.current[0]);
    return ended;
  }

  /** The logical line being read, if any. */
  end(): LogicalLine | undefined {
    if (this.current.length === 0) return undefined;
    const bytes = this.current.length === 1 ? this.current[0] : Buffer.concat(this.current);
    this.current = [];
    return { line: this.start, bytes };
  }
}

/** Splits on `separator` outside double quotes. */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let quoted = false;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quoted = !quoted;
    else if (text[i] === separator && !quoted) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return parts;
}

/** RFC 6868: ^n a line break, ^' a double quote, ^^ a caret. */
const caretDecoded = (value: string) =>
  value.replace(/\^([n'^])/g, (_, code: string) => (code === 'n' ? '\n' : code === "'" ? '"' : '^'));

function readParams(parts: string[]): Record<string, string[]> {
  const params: Record<string, string[]> = {};
  const add = (key: string, values: string[]) => {
    params[key] = [...(params[key] ?? []), ...values];
  };
  for (const part of parts) {
    const equals = part.indexOf('=');
    if (equals === -1) {
      const word = part.trim().toUpperCase();
      if (!word) continue;
      add(ENCODING_WORDS.has(word) ? 'ENCODING' : 'TYPE', [word]);
      continue;
    }
    const key = part.slice(0, equals).trim().toUpperCase();
    const values = splitOutsideQuotes(part.slice(equals + 1), ',').map((value) =>
      caretDecoded(value.trim().replace(/^"(.*)"$/s, '$1')),
    );
    add(key, key === 'TYPE' ? values.flatMap((value) => value.split(',')) : values);
  }
  return params;
}

function decodeQuotedPrintable(bytes: Buffer): Buffer {
  const out = Buffer.alloc(bytes.length);
  let length = 0;
  for (let i = 0; i < bytes.length; i++) {
    const hex = bytes[i] === 0x3d ? bytes.subarray(i + 1, i + 3).toString('latin1') : '';
    if (/^[\da-f]{2}$/i.test(hex)) {
      out[length++] = Number.parseInt(hex, 16);
      i += 2;
    } else if (bytes[i] !== 0x3d || i + 1 < bytes.length) out[length++] = bytes[i];
  }
  return out.subarray(0, length);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Bytes as text: in the CHARSET named, else UTF-8 when they are valid UTF-8, else Windows-1252. */
function decodeText(bytes: Buffer, charset: string | undefined): string {
  if (charset && iconv.encodingExists(charset)) return iconv.decode(bytes, charset);
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return iconv.decode(bytes, 'windows-1252');
  }
}

/** One logical line as a property; null for a line that is none (no colon, no name). */
export function readProperty(bytes: Buffer): VCardProperty | null {
  let quoted = false;
  let colon = -1;
  for (let i = 0; i < bytes.length && colon === -1; i++) {
    if (bytes[i] === 0x22) quoted = !quoted;
    else if (bytes[i] === 0x3a && !quoted) colon = i;
  }
  if (colon <= 0) return null;
  const [head, ...paramParts] = splitOutsideQuotes(bytes.subarray(0, colon).toString('utf8'), ';');
  const dot = head.lastIndexOf('.');
  const name = head
    .slice(dot + 1)
    .trim()
    .toUpperCase();
  if (!name) return null;
  const params = readParams(paramParts);
  const encoding = params.ENCODING?.[0]?.toUpperCase();
  const raw = bytes.subarray(colon + 1);
  const value =
    encoding === 'B' || encoding === 'BASE64'
      ? raw.toString('latin1')
      : decodeText(encoding === 'QUOTED-PRINTABLE' ? decodeQuotedPrintable(raw) : raw, params.CHARSET?.[0]);
  return { ...(dot > 0 ? { group: head.slice(0, dot).trim() } : {}), name, params, value };
}

/** Logical lines into cards (see `readVCards`). */
class CardReader {
  private card: VCard | null = null;
  private nested = 0;
  private count = 0;

  /** Takes the next logical line; answers the card it ends, if any. */
  take({ line, bytes }: LogicalLine): VCard | undefined {
    const text = bytes.length < 40 ? bytes.toString('latin1') : '';
    const card = this.card;
    if (BEGIN.test(text)) {
      if (card?.properties.at(-1)?.name === 'AGENT') this.nested++;
      else {
        this.card = { number: ++this.count, line, version: '', properties: [], warnings: [] };
        return card ? unfinished(card, `a new card starts on line ${line}`) : undefined;
      }
    } else if (END.test(text)) {
      if (this.nested > 0) this.nested--;
      else {
        this.card = null;
        return card ?? undefined;
      }
    } else if (card && this.nested === 0 && bytes.length <= MAX_LINE_BYTES) {
      const property = readProperty(bytes);
      if (property?.name === 'VERSION') card.version = property.value.trim();
      else if (property) card.properties.push(property);
    }
    return undefined;
  }

  /** The card the file ends in, without its END:VCARD. */
  end(): VCard | undefined {
    return this.card ? unfinished(this.card, 'the file ends first') : undefined;
  }
}

function unfinished(card: VCard, what: string): VCard {
  card.warnings.push(`The card has no END:VCARD (${what}); read as far as it goes`);
  return card;
}

/**
 * The cards of a vCard file, read as they come. Lines outside a card are ignored; a card inside a card
 * (2.1's AGENT) is skipped with its properties; a BEGIN:VCARD before the last card's END:VCARD, or the
 * end of the file, ends that card with a warning.
 */
export async function* readVCards(source: AsyncIterable<SourceChunk>): AsyncGenerator<VCard> {
  const joiner = new LineJoiner();
  const reader = new CardReader();
  for await (const lines of byteLines(source)) {
    const cards: VCard[] = [];
    for (const raw of lines) {
      const logical = joiner.push(raw);
      const card = logical && reader.take(logical);
      if (card) cards.push(card);
    }
    yield* cards;
  }
  const last = joiner.end();
  const card = (last && reader.take(last)) ?? reader.end();
  if (card) yield card;
}

/** Splits a structured value (N, ADR, ORG) on unescaped `separator`s; the parts are unescaped. */
export function splitValue(value: string, separator = ';'): string[] {
  const parts: string[] = [];
  let from = 0;
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '\\') i++;
    else if (value[i] === separator) {
      parts.push(value.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(value.slice(from));
  return parts.map(unescapeText);
}

/** `\n` a line break, `\,` `\;` `\:` `\\` the character itself; CRLF (quoted-printable's =0D=0A) as LF. */
export const unescapeText = (value: string) =>
  value
    .replace(/\\([\s\S])/g, (_, char: string) => (char === 'n' || char === 'N' ? '\n' : char))
    .replace(/\r\n?/g, '\n');
