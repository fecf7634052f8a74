import type { FakeGoogle } from './fake-google';

/** Two Google accounts to click through locally; Ada's address book holds the reference contacts and a few more. */
export function seedFakeGoogle(fake: FakeGoogle): void {
  fake.addAccount({ sub: '113943641271207611320', email: 'ada@example.com', name: 'Ada Lovelace' });
  fake.addAccount({ sub: '113943641271207611321', email: 'charles@example.com', name: 'Charles Babbage' });
  fake.addReferenceContacts('113943641271207611320');
  fake.addContact('113943641271207611320', {
    names: [{ givenName: 'Grace', familyName: 'Hopper' }],
    emailAddresses: [{ value: 'grace@navy.example', type: 'work' }],
    organizations: [{ name: 'US Navy', title: 'Rear Admiral' }],
  });
  // The reference calendar moved to this month, so the events show up where one looks first.
  const weeks = Math.round((Date.now() - Date.parse('2024-06-10T00:00:00Z')) / (7 * 86_400_000));
  fake.calendar.addReferenceEvents('113943641271207611320', weeks * 7);
  fake.addContact('113943641271207611320', {
    names: [{ givenName: 'Alan', familyName: 'Turing' }],
    phoneNumbers: [{ value: '+44 161 496 0000', type: 'mobile' }],
  });
}
