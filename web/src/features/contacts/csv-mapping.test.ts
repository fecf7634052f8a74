import { describe, expect, it } from 'vitest';
import { findClashes, sampleValues, targetLabel, unresolved } from './csv-mapping';

describe('findClashes', () => {
  it('marks every field that more than one column goes to, custom fields case-insensitively', () => {
    const columns = ['First Name', 'Middle Name', 'Last Name', 'Email 2', 'Other email'];
    const mapping = {
      'First Name': 'first_name',
      'Middle Name': 'first_name',
      'Last Name': 'last_name',
      'Email 2': 'custom_Email 2',
      'Other email': 'custom_email 2',
    };
    expect(findClashes(columns, mapping)).toEqual([
      { field: 'first_name', headers: ['First Name', 'Middle Name'], needsOtherField: false },
      { field: 'custom_email 2', headers: ['Email 2', 'Other email'], needsOtherField: false },
    ]);
  });

  it('lets labelled phone columns share phone and mobile, but not with a plain mobile column', () => {
    const columns = ['Phone 1 - Value', 'Phone 2 - Value', 'Handy'];
    const labelled = {
      'Phone 1 - Value': 'phone_by_label',
      'Phone 2 - Value': 'phone_by_label',
      Handy: 'skip',
    };
    expect(findClashes(columns, labelled)).toEqual([]);
    const clashes = findClashes(columns, { ...labelled, Handy: 'mobile' });
    expect(clashes).toEqual([
      { field: 'mobile', headers: ['Phone 1 - Value', 'Phone 2 - Value', 'Handy'], needsOtherField: true },
    ]);
    // Joining cannot settle it: a field must be chosen.
    expect(unresolved(clashes, { mobile: 'join' })).toHaveLength(1);
  });

  it('counts a clash as settled once the person joins the columns or keeps the first', () => {
    const clashes = findClashes(['A', 'B'], { A: 'notes', B: 'notes' });
    expect(unresolved(clashes, {})).toHaveLength(1);
    expect(unresolved(clashes, { notes: 'first' })).toEqual([]);
  });
});

describe('targetLabel', () => {
  it('names fields, custom fields as the user wrote them, and the special targets', () => {
    expect(targetLabel('job_title')).toBe('Job Title');
    expect(targetLabel('custom_email 2', ['Email 2'])).toBe('Email 2');
    expect(targetLabel('phone_by_label')).toBe('Phone or Mobile (by its label)');
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
