import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { looksLikeVCard, readProperty, readVCards, splitValue, unescapeText } from './read';
import { contentLine, escapeText, foldLine } from './write';

const property = (line: string | Buffer) => readProperty(Buffer.from(line));

describe('reading a vCard property', () => {
  it('reads the group, the name in upper case and parameters in every form', () => {
    expect(property('item1.tel;type=CELL;TYPE="work,voice";PREF=1:+1 555')).toEqual({
      group: 'item1',
      name: 'TEL',
      params: { TYPE: ['CELL', 'work', 'voice'], PREF: ['1'] },
      value: '+1 555',
    });
    expect(property('TEL;CELL;PREF;QUOTED-PRINTABLE:=2B1 555')).toEqual({
      name: 'TEL',
      params: { TYPE: ['CELL', 'PREF'], ENCODING: ['QUOTED-PRINTABLE'] },
      value: '+1 555',
    });
  });

  it('decodes RFC 6868 carets and keeps a colon inside a quoted parameter', () => {
    expect(property('X-RELATE-CUSTOM;NAME="Met ^\'there^\': at 5^nthen":Berlin')).toEqual({
      name: 'X-RELATE-CUSTOM',
      params: { NAME: ['Met "there": at 5\nthen'] },
      value: 'Berlin',
    });
  });

  it('decodes quoted-printable in the charset named, or UTF-8, or Windows-1252', () => {
    expect(property('FN;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:Jos=E9')?.value).toBe('José');
    expect(property('FN;ENCODING=QUOTED-PRINTABLE:Jos=C3=A9')?.value).toBe('José');
    expect(property(Buffer.from('FN:Jos\xe9', 'latin1'))?.value).toBe('José');
  });

  it('is null for a line without a name or a colon', () => {
    expect(property('no colon here')).toBeNull();
    expect(property(':value')).toBeNull();
  });

  it('splits structured values on unescaped separators, unescaping each part', () => {
    expect(splitValue('Doe\\;Smith;John;;Dr.')).toEqual(['Doe;Smith', 'John', '', 'Dr.']);
    expect(splitValue('a\\,b,c', ',')).toEqual(['a,b', 'c']);
    expect(unescapeText('http\\://x.example\\nline\\\\')).toBe('http://x.example\nline\\');
  });

  it('knows a vCard file by its first line, whatever its encoding', () => {
    expect(looksLikeVCard(Buffer.from('\uFEFF\r\n\r\nbegin:vcard\r\n'))).toBe(true);
    expect(looksLikeVCard(Buffer.from('\uFEFFBEGIN:VCARD\r\n', 'utf16le'))).toBe(true);
    expect(looksLikeVCard(Buffer.from('Name,Email\nBEGIN:VCARD\n'))).toBe(false);
    expect(looksLikeVCard(Buffer.alloc(0))).toBe(false);
  });
});

describe('reading vCard files', () => {
  it('drops a line of many MB (a photo on one line), never joining all of it, keeping the rest of the card', async () => {
    const photo = `PHOTO:data:image/jpeg;base64,${'A'.repeat(8 * 1024 * 1024)}`;
    const file = `BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Big Photo\r\n${photo}\r\nEMAIL:big@example.com\r\nEND:VCARD\r\n`;
    const bytes = Buffer.from(file);
    const chunks = Readable.from(
      Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, i) =>
        bytes.subarray(i * 65_536, (i + 1) * 65_536),
      ),
    );
    // Joining each chunk to the whole line read so far would copy it a hundred times over.
    const concat = vi.spyOn(Buffer, 'concat');
    const cards = [];
    for await (const card of readVCards(chunks)) cards.push(card);
    const largest = Math.max(...concat.mock.results.map((result) => (result.value as Buffer).length));
    concat.mockRestore();
    expect(largest).toBeLessThan(2 * 1024 * 1024);
    expect(cards.map((card) => card.properties.map((property) => property.name))).toEqual([['FN', 'EMAIL']]);
  });
});

describe('writing vCard 3.0', () => {
  it('escapes text and quotes parameter values', () => {
    expect(escapeText('a\\b, c; d\r\ne')).toBe('a\\\\b\\, c\\; d\\ne');
    expect(contentLine('X-RELATE-CUSTOM', 'x', { NAME: 'Met: "here"' })).toBe(
      'X-RELATE-CUSTOM;NAME="Met: ^\'here^\'":x\r\n',
    );
    expect(contentLine('TEL', '1', { TYPE: ['WORK', 'VOICE'] })).toBe('TEL;TYPE=WORK,VOICE:1\r\n');
  });

  it('folds at 75 bytes without splitting a character, and unfolds to the same text', () => {
    const line = `NOTE:${'ä€😀'.repeat(40)}`;
    const folded = foldLine(line);
    const lines = folded.split('\r\n').slice(0, -1);
    expect(lines.every((part) => Buffer.byteLength(part) <= 75)).toBe(true);
    expect(lines.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(lines.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
  });
});
