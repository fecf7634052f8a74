import type { CalendarSettings, ContactColumn } from '@relate/contracts';

const column = (key: string, label: string, order: number): ContactColumn => ({
  key,
  label,
  enabled: order <= 5,
  order,
});

/** The 19 default columns of spec section 3: the first five enabled. */
export const DEFAULT_CONTACT_COLUMNS: ContactColumn[] = [
  ['first_name', 'First Name'],
  ['last_name', 'Last Name'],
  ['organization', 'Organization'],
  ['job_title', 'Job Title'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['mobile', 'Mobile'],
  ['status', 'Status'],
  ['priority', 'Priority'],
  ['group', 'Group'],
  ['source', 'Source'],
  ['linkedin_url', 'LinkedIn'],
  ['github_url', 'GitHub'],
  ['website_url', 'Website'],
  ['address', 'Address'],
  ['notes', 'Notes'],
  ['last_contact_date', 'Last Contact'],
  ['next_follow_up_date', 'Next Follow-up'],
  ['created_at', 'Created At'],
].map(([key, label], index) => column(key, label, index + 1));

export const DEFAULT_CALENDAR_SETTINGS: CalendarSettings = { defaultView: 'monthly', startWeekday: 'sunday' };
