import { describe, expect, it } from 'vitest';
import { personBirthday, personToValues } from './person-mapper';

const person = (date: { year?: number; month?: number; day?: number }) => ({
  resourceName: 'people/c1',
  names: [{ givenName: 'Ada', familyName: 'Lovelace' }],
  emailAddresses: [{ value: 'ada@example.com' }],
  birthdays: [{ date }],
});

/** Issue 30 (low): a Google birthday follows the contact rule of the API and CSV (contact-values' birthdayProblem). */
describe('Google birthdays', () => {
  it('keeps a real birthday', () => {
    expect(personToValues(person({ year: 1815, month: 12, day: 10 })).birthday).toBe('1815-12-10');
    expect(personBirthday(person({ year: 1815, month: 12, day: 10 }))).toEqual({
      value: '1815-12-10',
      problem: null,
    });
  });

  it.each([
    [
      { year: 99, month: 5, day: 1 },
      'Birthday "0099-05-01": must be between the years 1000 and 9999; left out',
    ],
    [{ year: 2999, month: 5, day: 1 }, 'Birthday "2999-05-01": cannot be in the future; left out'],
    [{ year: 1990, month: 2, day: 30 }, 'Birthday "1990-02-30": must be a real date; left out'],
  ])("leaves out %j with the importer's warning, never a shifted year", (date, warning) => {
    const values = personToValues(person(date));
    expect(values.birthday).toBeNull();
    expect(values.first_name).toBe('Ada');
    expect(values.email).toBe('ada@example.com');
    expect(personBirthday(person(date)).problem).toBe(warning);
  });
});
