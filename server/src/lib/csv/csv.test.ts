import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { openCsv, readCsvRows } from './index';

const fixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/csv', name));

const cell = (headers: string[], values: string[], header: string) => values[headers.indexOf(header)];

describe('openCsv on real exports', () => {
  it('reads Google Contacts with and without a BOM identically', async () => {
    const plain = await readCsvRows(fixture('google_contacts_current.csv'));
    const bom = await readCsvRows(fixture('google_contacts_current_utf8bom.csv'));
    expect(plain.headers[0]).toBe('First Name');
    expect(bom.headers).toEqual(plain.headers);
    expect(bom.rows.map((row) => row.values)).toEqual(plain.rows.map((row) => row.values));
    expect(plain.rows[0].row).toBe(2);
  });

  it('reads the German Outlook export: semicolons, BOM, umlauts, CRLF', async () => {
    const table = await readCsvRows(fixture('outlook_de_semicolon_utf8bom.csv'));
    expect(table.delimiter).toBe(';');
    expect(table.headers).toContain('Vorname');
    expect(table.headers).toContain('Straße geschäftlich');
    const first = table.rows[0].values;
    expect(cell(table.headers, first, 'Vorname')).toBe('Jürgen');
    expect(cell(table.headers, first, 'Nachname')).toBe('Müller');
  });

  it('keeps quoted line breaks, tabs and escaped quotes inside one Thunderbird cell', async () => {
    const table = await readCsvRows(fixture('thunderbird_export.csv'));
    const notes = table.rows.map((row) => row.values.join('|')).join('\n');
    expect(table.headers).toContain('Primary Email');
    expect(notes).toMatch(/\n/); // a multi-line cell survived as one value
    for (const row of table.rows) expect(row.values).toHaveLength(table.headers.length);
  });

  it('decodes Windows-1252 and UTF-16 files', async () => {
    const text = 'Name;Firma\r\nJürgen Müller;Bäckerei Söhne & Co\r\n';
    const cp1252 = await readCsvRows(iconv.encode(text, 'windows-1252'));
    expect(cp1252.encoding).toBe('windows-1252');
    expect(cp1252.rows[0].values).toEqual(['Jürgen Müller', 'Bäckerei Söhne & Co']);
    const utf16 = await readCsvRows(iconv.encode(text, 'utf16le', { addBOM: true }));
    expect(utf16.rows[0].values).toEqual(['Jürgen Müller', 'Bäckerei Söhne & Co']);
    const utf16NoBom = await readCsvRows(iconv.encode(text, 'utf16le'));
    expect(utf16NoBom.rows[0].values).toEqual(['Jürgen Müller', 'Bäckerei Söhne & Co']);
  });
});

describe('openCsv on awkward input', () => {
  it('skips a preamble, names duplicate and empty headers, pads short rows and counts rows like a spreadsheet', async () => {
    const csv = [
      'Contacts exported on 2024-05-01',
      '',
      'Name,Email,Email,,Phone',
      'Ann,ann@example.com,ann2@example.com,x,123',
      '',
      'Bob,bob@example.com',
      '"Carla ""CJ""","c@example.com",,,"line one',
      'line two"',
      'Dan,d@example.com,,,,extra,cells',
    ].join('\n');
    const table = await readCsvRows(csv);
    expect(table.headers).toEqual(['Name', 'Email', 'Email (2)', 'Column 4', 'Phone']);
    expect(table.rows.map((row) => row.row)).toEqual([4, 6, 7, 8]);
    expect(table.rows[1].values).toEqual(['Bob', 'bob@example.com', '', '', '']);
    expect(table.rows[2].values[0]).toBe('Carla "CJ"');
    expect(table.rows[2].values[4]).toBe('line one\nline two');
    expect(table.rows[3].values).toHaveLength(5);
  });

  it("honours Excel's sep= line and tab-separated files", async () => {
    expect((await readCsvRows('sep=|\nA|B\n1|2\n')).rows[0].values).toEqual(['1', '2']);
    const tsv = await readCsvRows('A\tB\tC\n1\t2\t3\n');
    expect(tsv.delimiter).toBe('\t');
    expect(tsv.rows[0].values).toEqual(['1', '2', '3']);
  });

  it('streams: reads a large file chunk by chunk', async () => {
    const rows = 20_000;
    async function* generate() {
      yield Buffer.from('First Name,Last Name,Email\n');
      for (let i = 0; i < rows; i += 1000) {
        let chunk = '';
        for (let j = i; j < i + 1000; j++) chunk += `First${j},Last${j},user${j}@example.com\n`;
        yield Buffer.from(chunk);
      }
    }
    const table = await openCsv(Readable.from(generate()));
    let count = 0;
    let last = 0;
    for await (const record of table.records) {
      count++;
      last = record.row;
    }
    expect(count).toBe(rows);
    expect(last).toBe(rows + 1);
  });

  it('reads a whole file held in memory in slices, keeping characters that straddle a slice whole', async () => {
    const header = 'Name,Note\n';
    // The 64 KiB slice boundary falls inside the emoji (a surrogate pair) and inside the 'é' (two bytes).
    // (Filler rows of 8,000 characters: a cell may hold at most 10,000.)
    const fillerRow = `z,${'x'.repeat(7997)}\n`;
    const pad = 'x'.repeat(64 * 1024 - header.length - 8 * fillerRow.length - 'a,'.length - 1);
    const text = `${header}${fillerRow.repeat(8)}a,${pad}😀é\nb,after\n`;
    for (const source of [text, Buffer.from(text)]) {
      const { rows } = await readCsvRows(source);
      expect(rows.map((row) => row.values[0])).toEqual([...'zzzzzzzz', 'a', 'b']);
      expect(rows[8].values[1].endsWith('😀é')).toBe(true);
    }
  });
  it('rejects binary files as "Invalid file" and enforces the size limit with 413', async () => {
    const png = Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
    ]);
    await expect(openCsv(png)).rejects.toMatchObject({ status: 400, message: 'Invalid file' });
    await expect(openCsv('')).rejects.toMatchObject({ status: 400 });
    const big = Readable.from([Buffer.from('a,b\n'), Buffer.alloc(2048, 'x')]);
    await expect(
      (async () => {
        const table = await openCsv(big, { maxBytes: 1024 });
        for await (const _ of table.records) {
          // drain
        }
      })(),
    ).rejects.toMatchObject({ status: 413 });
  });

  it('can stop early without hanging', async () => {
    const table = await openCsv('a,b\n1,2\n3,4\n5,6\n');
    for await (const record of table.records) {
      expect(record.values).toEqual(['1', '2']);
      break;
    }
    await table.close();
  });
});

describe('openCsv limits (issue 19)', () => {
  it('refuses a header of more than 500 columns, naming the count and the limit', async () => {
    const header = Array.from({ length: 501 }, (_, index) => `c${index}`).join(',');
    await expect(openCsv(`${header}\n${'x,'.repeat(500)}x\n`)).rejects.toMatchObject({
      status: 400,
      message: 'The file has 501 columns; at most 500 can be imported',
    });
    const fits = await readCsvRows(`${header.split(',').slice(0, 500).join(',')}\n1\n`);
    expect(fits.headers).toHaveLength(500);
  });

  it('refuses a cell of more than 10,000 characters, naming its row and column', async () => {
    const long = 'y'.repeat(10_001);
    await expect(readCsvRows(`Name,Notes\nAda,short\nBob,${long}\n`)).rejects.toMatchObject({
      status: 400,
      message: 'Row 3, column "Notes": a cell holds more than 10,000 characters',
    });
    const fits = await readCsvRows(`Name,Notes\nBob,${'y'.repeat(10_000)}\n`);
    expect(fits.rows[0].values[1]).toHaveLength(10_000);
  });
});
