import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeCsvBytes, isCsvFile } from './csv-file';

describe('company CSV file', () => {
  it('accepts text/csv and refuses other types', () => {
    expect(isCsvFile(new File(['a'], 'companies.csv', { type: 'text/csv' }))).toBe(true);
    expect(isCsvFile(new File(['a'], 'companies.xlsx', { type: 'application/vnd.ms-excel' }))).toBe(false);
    expect(isCsvFile(new File(['a'], 'notes.txt', { type: 'text/plain' }))).toBe(false);
    expect(isCsvFile(new File(['a'], 'photo.png', { type: 'image/png' }))).toBe(false);
  });

  it('accepts a .csv that Windows labels as an Excel file', () => {
    expect(isCsvFile(new File(['a'], 'Companies.CSV', { type: 'application/vnd.ms-excel' }))).toBe(true);
  });

  it('reads UTF-8 with a BOM, UTF-16 and Windows-1252', () => {
    const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('Record\nCafé')]);
    expect(decodeCsvBytes(utf8)).toBe('Record\nCafé');
    const utf16 = new Uint8Array([0xff, 0xfe, 0x41, 0x00, 0xe9, 0x00]);
    expect(decodeCsvBytes(utf16)).toBe('Aé');
    // 'Café' in Windows-1252: é is the single byte 0xE9, which is not valid UTF-8.
    const cp1252 = new Uint8Array([0x43, 0x61, 0x66, 0xe9]);
    expect(decodeCsvBytes(cp1252)).toBe('Café');
  });

  // Bytes 0x80-0x9F (€, „, “) are left out: Node's TextDecoder reads windows-1252 as Latin-1, browsers do not.
  it('reads the Windows-1252 file Excel saves on a German PC', () => {
    const file = path.resolve(
      import.meta.dirname,
      '../../../../server/test/fixtures/csv/excel_windows1252_companies.csv',
    );
    const text = decodeCsvBytes(new Uint8Array(fs.readFileSync(file)));
    expect(text.split('\r\n')).toEqual([
      'Name;Categories;Description',
      'Müller GmbH;Handel;Straße 5, Köln',
      'Café Ænima;Gastronomie;Preis 5,50 EUR',
      '',
    ]);
  });
});
