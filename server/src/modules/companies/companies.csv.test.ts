import { describe, expect, it } from 'vitest';
import { parseCsvDate } from '../../lib/csv/dates';
import { parseCompanyRow, parseFollowerCount, recogniseHeader, resolveColumns } from './companies.csv';

describe('recogniseHeader', () => {
  it.each([
    ['Record ID', 'ignore'],
    ['id', 'ignore'],
    ['Created at', 'ignore'],
    ['Record', 'record'],
    ['Company Name', 'record'],
    [' NAME ', 'record'],
    ['Tag', 'tags'],
    ['Tags (2)', 'tags'],
    ['Category', 'categories'],
    ['LinkedIn', 'linkedin_profile'],
    ['linkedin_profile', 'linkedin_profile'],
    ['Last Interaction', 'last_interaction'],
    ['last_interaction', 'last_interaction'],
    ['Connection strength', 'connection_strength'],
    ['Twitter follower count', 'twitter_follower_count'],
    ['Twitter', 'twitter'],
    ['Domain', 'domains'],
    ['Desc', 'description'],
    ['notion_id', 'notion_id'],
    ['Notion ID', 'notion_id'],
    ['Notion', 'notion_id'],
    ['Industry', null],
    ['Company owner', null],
  ])('%s → %s', (header, expected) => {
    expect(recogniseHeader(header)).toBe(expected);
  });
});

describe('resolveColumns', () => {
  it('applies the custom mapping case-insensitively, then the recognised headers, and ignores the rest', () => {
    expect(
      resolveColumns(['Company name', 'Industry', 'Website', 'Owner', 'Tags'], {
        industry: 'categories',
        ' WEBSITE ': 'domains',
        Tags: null,
      }),
    ).toEqual(['record', 'categories', 'domains', 'ignore', 'ignore']);
  });
});

describe('parseCsvDate', () => {
  it.each([
    ['2024-05-01', '2024-05-01T00:00:00.000Z'],
    ['2024-05-01 10:00', '2024-05-01T10:00:00.000Z'],
    ['2024-05-01T10:00:30.5Z', '2024-05-01T10:00:30.500Z'],
    ['2024-05-01T10:00:00+02:00', '2024-05-01T08:00:00.000Z'],
    ['2024-05-01 10:00 -0130', '2024-05-01T11:30:00.000Z'],
    ['2024/5/1', '2024-05-01T00:00:00.000Z'],
    ['01.05.2024', '2024-05-01T00:00:00.000Z'],
    ['1.5.2024 14:30', '2024-05-01T14:30:00.000Z'],
    ['05/01/2024', '2024-05-01T00:00:00.000Z'],
    ['25/12/2024', '2024-12-25T00:00:00.000Z'],
    ['5/1/2024 2:15 PM', '2024-05-01T14:15:00.000Z'],
    ['5/1/2024 12:00 am', '2024-05-01T00:00:00.000Z'],
  ])('%s → %s', (text, iso) => {
    expect(parseCsvDate(text)?.toISOString()).toBe(iso);
  });

  it.each([
    'yesterday',
    '2024-02-30',
    '31/31/2024',
    '2024-05-01 25:00',
    '2024-05-01 10:00 banana',
    '13 PM',
    '',
  ])('rejects %j', (text) => {
    expect(parseCsvDate(text)).toBeUndefined();
  });
});

describe('parseFollowerCount', () => {
  it.each([
    ['1200', 1200],
    ['12,345', 12345],
    ['1 200', 1200],
    ['12.3K', 12300],
    ['2m', 2_000_000],
    ['many', 0],
    ['-5', 0],
    ['', 0],
    ['99999999999', 2_147_483_647],
  ])('%j → %d', (text, count) => {
    expect(parseFollowerCount(text)).toBe(count);
  });
});

describe('parseCompanyRow', () => {
  const columns = [
    'record',
    'tags',
    'tags',
    'domains',
    'last_interaction',
    'connection_strength',
    'ignore',
  ] as const;

  it('splits lists on commas, joins repeated list columns when asked and lower-cases the strength', () => {
    const parsed = parseCompanyRow(
      [...columns],
      ['Acme', 'a, b', 'c', 'acme.com,, acme.io', '', 'Strong', 'x'],
      { tags: 'join' },
    );
    expect(parsed).toEqual({
      company: expect.objectContaining({
        record: 'Acme',
        tags: ['a', 'b', 'c'],
        domains: ['acme.com', 'acme.io'],
        connection_strength: 'strong',
      }),
    });
    expect('company' in parsed && parsed.company.last_interaction).toBeUndefined();
  });

  it('keeps the first non-empty value of a repeated column when asked to keep the first', () => {
    const parsed = parseCompanyRow(['record', 'record'], ['', 'Second'], { record: 'first' });
    expect(parsed).toEqual({ company: expect.objectContaining({ record: 'Second' }) });
    const tags = parseCompanyRow(['record', 'tags', 'tags'], ['Acme', 'a', 'b'], { tags: 'first' });
    expect(tags).toEqual({ company: expect.objectContaining({ tags: ['a'] }) });
  });

  it('refuses two columns on one field without a choice, naming the field (400)', () => {
    expect(() => resolveColumns(['Name', 'Company name'])).toThrow(
      '"Name" and "Company name" both go to record: choose one column, or join them or keep the first value',
    );
    expect(resolveColumns(['Name', 'Company name'], null, { record: 'first' })).toEqual(['record', 'record']);
  });

  it.each([
    [['', '', '', '', '', '', ''], 'Company name is required'],
    [['Acme', '', '', '', 'soon', '', ''], "Last interaction 'soon' is not a date"],
    [['Acme', '', '', '', '', 'best', ''], "Connection strength 'best' must be weak, medium or strong"],
  ])('reports %j as %j', (values, error) => {
    expect(parseCompanyRow([...columns], values)).toEqual({ error });
  });

  it('reports a value the API would refuse, with the API message', () => {
    expect(parseCompanyRow(['record', 'linkedin_profile'], ['Acme', 'not a url'])).toEqual({
      error: 'LinkedIn profile must be a URL',
    });
  });
});
