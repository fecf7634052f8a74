import { describe, expect, it } from 'vitest';
import {
  companyFormSchema,
  emptyCompanyForm,
  splitList,
  tagColourIndex,
  toCompanyBody,
  toFormValues,
} from './company-form';

describe('company form', () => {
  it('splits comma-separated tags and domains, trimming and dropping empties', () => {
    expect(splitList(' customer, ,priority ,, ')).toEqual(['customer', 'priority']);
    expect(splitList('')).toEqual([]);
  });

  it('sends empties as null, a non-numeric follower count as 0 and an empty last interaction as null', () => {
    const body = toCompanyBody({
      ...emptyCompanyForm,
      record: '  Acme  ',
      tags: 'a, b,',
      domains: 'acme.com , acme.io',
      twitter_follower_count: 'lots',
    });
    expect(body).toEqual({
      record: 'Acme',
      categories: null,
      tags: ['a', 'b'],
      domains: ['acme.com', 'acme.io'],
      linkedin_profile: null,
      twitter: null,
      twitter_follower_count: 0,
      connection_strength: null,
      last_interaction: null,
      description: null,
      notion_id: null,
    });
  });

  it('sends a local date-time as an ISO timestamp', () => {
    const body = toCompanyBody({ ...emptyCompanyForm, record: 'Acme', last_interaction: '2025-03-04T09:30' });
    expect(body.last_interaction).toBe(new Date('2025-03-04T09:30').toISOString());
  });

  it('requires a name, a URL for LinkedIn and a follower count of at least 0', () => {
    const result = companyFormSchema.safeParse({
      ...emptyCompanyForm,
      record: '   ',
      linkedin_profile: 'not a url',
      twitter_follower_count: '-5',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      record: 'Company name is required',
      linkedin_profile: 'Enter a valid URL',
      twitter_follower_count: 'Follower count must be 0 or more',
    });
    expect(
      companyFormSchema.safeParse({
        ...emptyCompanyForm,
        record: 'Acme',
        linkedin_profile: 'linkedin.com/company/acme',
      }).success,
    ).toBe(true);
  });

  it("applies the contract's rules to the body it sends, under the field's name", () => {
    const result = companyFormSchema.safeParse({
      ...emptyCompanyForm,
      record: 'Acme',
      categories: 'x'.repeat(501),
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['categories', 'Categories must be at most 500 characters'],
    ]);
  });

  it('round-trips a company into the form', () => {
    const values = toFormValues({
      id: 1,
      record: 'Acme',
      tags: ['a', 'b'],
      categories: null,
      linkedin_profile: null,
      last_interaction: null,
      connection_strength: 'strong',
      twitter_follower_count: 12,
      twitter: null,
      domains: ['acme.com'],
      description: null,
      notion_id: null,
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-01T00:00:00.000Z',
    });
    expect(values).toMatchObject({ tags: 'a, b', domains: 'acme.com', twitter_follower_count: '12' });
    expect(toCompanyBody(values)).toMatchObject({ tags: ['a', 'b'], connection_strength: 'strong' });
  });

  it('colours a tag by the sum of its character codes modulo 8', () => {
    // 'a' = 97 → 97 % 8 = 1; 'ab' = 97 + 98 = 195 → 3
    expect(tagColourIndex('a')).toBe(1);
    expect(tagColourIndex('ab')).toBe(3);
    expect(tagColourIndex('ba')).toBe(tagColourIndex('ab'));
  });
});
