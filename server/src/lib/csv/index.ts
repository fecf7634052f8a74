/**
 * Reading the CSV files real users bring (exports of Google Contacts, Outlook, Excel, Thunderbird,
 * HubSpot, LinkedIn, ...), streamed so a 50 MB file is never held in memory.
 *
 *   const table = await openCsv(fileStream, { maxBytes: 50 * 1024 * 1024 });
 *   table.headers;                      // trimmed, unique ('Email', 'Email (2)'), blanks named 'Column 3'
 *   for await (const { row, values } of table.records) {
 *     // row: the spreadsheet row number (header = its own row, first data row = header row + 1);
 *     // values: one trimmed string per header (short rows padded with '', extra cells dropped)
 *   }
 *
 * Handles: UTF-8 with or without BOM, UTF-16 (with or without BOM), Windows-1252 and other legacy
 * encodings; comma, semicolon, tab or pipe delimiters (and Excel's `sep=;` line); quoted fields with
 * delimiters, quotes and line breaks; blank lines; preamble lines before the header; duplicate or empty
 * header names; rows shorter or longer than the header.
 * Throws CsvError (an AppError): 400 'Invalid file' for binary or unparseable input, 400 naming the limit
 * for more than 500 columns or a cell over 10,000 characters, 413 when over maxBytes.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { AppError } from '../errors';
import { decodeChunks, detectEncoding, looksBinary, type SourceChunk } from './decode';
import { detectDelimiter, detectHeaderIndex } from './sniff';

export class CsvError extends AppError {}

export interface CsvRecord {
  row: number;
  values: string[];
}

export interface CsvTable {
  headers: string[];
  delimiter: string;
  encoding: string;
  records: AsyncIterable<CsvRecord>;
  /** Stops reading (needed only when the records are not read to the end). */
  close(): Promise<void>;
}

export interface OpenCsvOptions {
  /** Largest accepted input in bytes (default 50 MB). */
  maxBytes?: number;
}

const HEAD_BYTES = 64 * 1024;
export const DEFAULT_MAX_CSV_BYTES = 50 * 1024 * 1024;
/** Columns a CSV may have: a wider header is refused before any row is read (issue 19). */
export const MAX_CSV_COLUMNS = 500;
/** Characters one cell may hold (header cells included). */
export const MAX_CSV_CELL_CHARS = 10_000;

const formatted = (count: number) => count.toLocaleString('en-US');
const tooWide = (columns: number, atLeast = false) => {
  const message = `The file has ${atLeast ? 'more than ' : ''}${formatted(columns)} columns; at most ${MAX_CSV_COLUMNS} can be imported`;
  return new CsvError(400, 'INVALID_FILE', message, [{ field: 'file', message }]);
};
const cellTooLong = (row: number, column: string) => {
  const message = `Row ${row}, column "${column.slice(0, 100)}": a cell holds more than ${formatted(MAX_CSV_CELL_CHARS)} characters`;
  return new CsvError(400, 'INVALID_FILE', message, [{ field: 'file', message }]);
};

export const invalidCsv = (reason?: string) =>
  new CsvError(400, 'INVALID_FILE', 'Invalid file', reason ? { reason } : undefined);
export const csvTooLarge = (maxBytes: number) =>
  new CsvError(413, 'PAYLOAD_TOO_LARGE', `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);

function toIterator(source: AsyncIterable<SourceChunk> | Iterable<SourceChunk>): AsyncIterator<SourceChunk> {
  if (Symbol.asyncIterator in source) return source[Symbol.asyncIterator]();
  const iterator = source[Symbol.iterator]();
  return { next: async () => iterator.next() };
}

const SLICE = 64 * 1024;

/**
 * A whole file in memory, fed to the parser a slice at a time: given one big chunk, the parser would
 * turn every row into a record at once instead of as the importer asks for them.
 */
function* slices(source: Buffer | string): Generator<SourceChunk> {
  if (Buffer.isBuffer(source)) {
    for (let start = 0; start < source.length; start += SLICE) yield source.subarray(start, start + SLICE);
    return;
  }
  for (let start = 0; start < source.length; ) {
    let end = Math.min(start + SLICE, source.length);
    const last = source.charCodeAt(end - 1);
    if (end < source.length && last >= 0xd800 && last <= 0xdbff) end--; // keep surrogate pairs whole
    yield source.slice(start, end);
    start = end;
  }
}

/** Counts bytes as they pass and stops the read once the limit is crossed. */
async function* limitBytes(source: AsyncIterator<SourceChunk>, maxBytes: number, already: number) {
  let total = already;
  for (let next = await source.next(); !next.done; next = await source.next()) {
    total += typeof next.value === 'string' ? Buffer.byteLength(next.value) : next.value.length;
    if (total > maxBytes) throw csvTooLarge(maxBytes);
    yield next.value;
  }
}

export function uniqueHeaders(raw: string[]): string[] {
  const seen = new Map<string, number>();
  return raw.map((cell, index) => {
    const base = cell.replace(/^\uFEFF/, '').trim() || `Column ${index + 1}`;
    const key = base.toLowerCase();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

const isBlank = (record: string[]) => record.every((cell) => cell.trim() === '');

/** Opens a CSV source (a stream, a Buffer or already-decoded text) and reads its header. */
export async function openCsv(
  source: Readable | AsyncIterable<SourceChunk> | Buffer | string,
  options: OpenCsvOptions = {},
): Promise<CsvTable> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_CSV_BYTES;
  const iterator = toIterator(
    typeof source === 'string' || Buffer.isBuffer(source) ? slices(source) : source,
  );

  // Read the head to choose encoding, delimiter and header row before streaming the rest.
  const headChunks: Buffer[] = [];
  let headText: string | undefined;
  let headBytes = 0;
  let exhausted = false;
  while (headBytes < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      exhausted = true;
      break;
    }
    if (typeof next.value === 'string') {
      headText = (headText ?? '') + next.value;
      headBytes += Buffer.byteLength(next.value);
    } else {
      headChunks.push(Buffer.from(next.value));
      headBytes += next.value.length;
    }
    if (headBytes > maxBytes) throw csvTooLarge(maxBytes);
  }

  let encoding = 'utf8';
  let textChunks: AsyncIterable<string>;
  let sample: string;
  const rest = exhausted ? undefined : limitBytes(iterator, maxBytes, headBytes);
  if (headText !== undefined) {
    // Already decoded (a JSON string from the browser): only the BOM may remain.
    const text = headText.replace(/^\uFEFF/, '');
    sample = text;
    textChunks = (async function* () {
      yield text;
      if (rest) for await (const chunk of rest) yield String(chunk);
    })();
  } else {
    const head = Buffer.concat(headChunks);
    encoding = detectEncoding(head);
    textChunks = decodeChunks(head, rest, encoding);
    sample = iconv.decode(head, encoding, { stripBOM: true });
  }
  if (sample.trim() === '') throw invalidCsv('The file is empty');
  if (looksBinary(sample.slice(0, 16 * 1024))) throw invalidCsv('The file is not a CSV text file');

  // Sniffing and parsing a header of 100,000 columns takes seconds of CPU: counted first, cheaply.
  const wide = widestFirstLine(sample, exhausted);
  if (wide) throw tooWide(wide.columns, wide.atLeast);
  const { delimiter, skipFirstLine } = detectDelimiter(sample);
  const body = skipFirstLine ? sample.slice(sample.indexOf('\n') + 1) : sample;
  const headerIndex = detectHeaderIndex(body, delimiter);

  const parser = parse({
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    from_line: skipFirstLine ? 2 : 1,
    // A runaway field (an unclosed quote in a 50 MB file) stops the parse instead of filling memory;
    // past the cell limit anyway.
    max_record_size: MAX_CSV_COLUMNS * MAX_CSV_CELL_CHARS,
  });
  const piping = pipeline(Readable.from(textChunks, { objectMode: false }), parser).catch(() => {
    // Errors surface through the parser's async iterator below.
  });

  const records = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  let row = skipFirstLine ? 1 : 0;
  let nonBlankSeen = 0;
  let header: string[] | undefined;
  try {
    for (let next = await records.next(); !next.done; next = await records.next()) {
      row++;
      if (isBlank(next.value)) continue;
      if (nonBlankSeen++ === headerIndex) {
        header = next.value;
        break;
      }
    }
  } catch (error) {
    throw parseError(error, row);
  }
  if (!header) {
    parser.destroy();
    throw invalidCsv('The file has no header row');
  }
  const refusal =
    header.length > MAX_CSV_COLUMNS
      ? tooWide(header.length)
      : header.findIndex((cell) => cell.length > MAX_CSV_CELL_CHARS) >= 0
        ? cellTooLong(row, `Column ${header.findIndex((cell) => cell.length > MAX_CSV_CELL_CHARS) + 1}`)
        : undefined;
  if (refusal) {
    parser.destroy();
    throw refusal;
  }
  const headers = uniqueHeaders(header);
  const width = headers.length;

  let finished = false;
  const close = async () => {
    if (!finished) parser.destroy();
    await piping;
  };

  async function* dataRecords(): AsyncGenerator<CsvRecord> {
    try {
      for (let next = await records.next(); !next.done; next = await records.next()) {
        row++;
        if (isBlank(next.value)) continue;
        const values = new Array<string>(width);
        for (let i = 0; i < width; i++) {
          values[i] = (next.value[i] ?? '').trim();
          if (values[i].length > MAX_CSV_CELL_CHARS) throw cellTooLong(row, headers[i]);
        }
        yield { row, values };
      }
      finished = true;
    } catch (error) {
      throw parseError(error, row + 1);
    } finally {
      await close();
    }
  }

  return { headers, delimiter, encoding, records: dataRecords(), close };
}

const DELIMITERS = [',', ';', '\t', '|'];

/**
 * The columns of the sample's first line by the delimiter that splits it most (delimiters inside double
 * quotes not counted), when more than MAX_CSV_COLUMNS; `atLeast` when the line goes on past the sample.
 * One pass over the characters: no regular expressions, no parser.
 */
function widestFirstLine(sample: string, whole: boolean): { columns: number; atLeast: boolean } | undefined {
  const counts = new Map(DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  let ended = whole;
  for (let index = 0; index < sample.length; index++) {
    const char = sample[index];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) {
      ended = true;
      break;
    } else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  const columns = Math.max(...counts.values()) + 1;
  return columns > MAX_CSV_COLUMNS ? { columns: ended ? columns : columns - 1, atLeast: !ended } : undefined;
}

function parseError(error: unknown, row: number): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return invalidCsv(`The file could not be read near row ${row}: ${message}`);
}

/** Reads the whole table into memory: for small inputs and tests only. */
export async function readCsvRows(source: Parameters<typeof openCsv>[0], options?: OpenCsvOptions) {
  const table = await openCsv(source, options);
  const rows: CsvRecord[] = [];
  for await (const record of table.records) rows.push(record);
  return { headers: table.headers, delimiter: table.delimiter, encoding: table.encoding, rows };
}
