/**
 * API field → column, for every field a body can carry (custom_fields is handled apart). In a file of
 * its own because the mappers and the repository both read it (one importing the other would be a cycle).
 */
export const FIELD_COLUMNS = {
  full_name: 'fullName',
  first_name: 'firstName',
  last_name: 'lastName',
  gender: 'gender',
  birthday: 'birthday',
  email: 'email',
  phone: 'phone',
  mobile: 'mobile',
  address: 'address',
  organization: 'organization',
  job_title: 'jobTitle',
  job_status: 'jobStatus',
  linkedin_url: 'linkedinUrl',
  github_url: 'githubUrl',
  facebook_url: 'facebookUrl',
  twitter_url: 'twitterUrl',
  website_url: 'websiteUrl',
  notes: 'notes',
  source: 'source',
  tags: 'tags',
  last_contact_date: 'lastContactDate',
  next_follow_up_date: 'nextFollowUpDate',
  status: 'status',
  priority: 'priority',
  group: 'group',
  avatar_url: 'avatarUrl',
} as const;
// Each value must be a column of contacts: contacts.repository.ts indexes the table with it
// (`contacts[FIELD_COLUMNS[field]]`), which does not compile for any other name.

export type PersonField = keyof typeof FIELD_COLUMNS;
