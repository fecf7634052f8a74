import { describe, expect, it } from 'vitest';
import { guessMapping, sampleValues } from './csv-mapping';

describe('guessMapping', () => {
  it('applies the spec table and skips what it does not know', () => {
    expect(
      guessMapping(['First Name', 'E-mail Address', 'Tel', 'Organisation', 'Company Name', 'Notes']),
    ).toEqual({
      'First Name': 'first_name',
      'E-mail Address': 'email',
      Tel: 'phone',
      Organisation: 'organization',
      'Company Name': 'organization',
      Notes: 'skip',
    });
  });

  it('tells last names and full names from first names', () => {
    expect(guessMapping(['Last Name', 'Full Name', 'Name'])).toEqual({
      'Last Name': 'last_name',
      'Full Name': 'full_name',
      Name: 'first_name',
    });
  });
});

describe('guessMapping on a LinkedIn Connections.csv header', () => {
  it('maps names, e-mail and company, and skips the rest for the user to choose', () => {
    expect(
      guessMapping([
        'First Name',
        'Last Name',
        'URL',
        'Email Address',
        'Company',
        'Position',
        'Connected On',
      ]),
    ).toEqual({
      'First Name': 'first_name',
      'Last Name': 'last_name',
      URL: 'skip',
      'Email Address': 'email',
      Company: 'organization',
      Position: 'skip',
      'Connected On': 'skip',
    });
  });
});

describe('sampleValues', () => {
  it('gives up to three distinct non-empty values of a column, long ones cut', () => {
    const preview = [
      { Name: 'Ada', Note: '' },
      { Name: 'Ada', Note: 'x'.repeat(60) },
      { Name: 'Grace', Note: 'line\nbreak' },
      { Name: 'Linus', Note: '' },
      { Name: 'Margaret', Note: '' },
    ];
    expect(sampleValues(preview, 'Name')).toEqual(['Ada', 'Grace', 'Linus']);
    expect(sampleValues(preview, 'Note')).toEqual([`${'x'.repeat(39)}…`, 'line break']);
    expect(sampleValues(preview, 'Missing')).toEqual([]);
  });
});
