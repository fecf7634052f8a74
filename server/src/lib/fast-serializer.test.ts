import { CompaniesResponseSchema, PeopleResponseSchema } from '@relate/contracts';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fastSerializer } from './fast-serializer';

/** What the routes sent before: zod's encode, then JSON.stringify. */
const zodSerialized = (schema: z.ZodType, data: unknown) =>
  serializerCompiler({ schema, method: 'GET', url: '/test' })(data);
const fastSerialized = (schema: z.ZodType, data: unknown) => fastSerializer(schema)()(data);

const person = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  full_name: 'Ada Lovelace',
  first_name: 'Ada',
  last_name: 'Lovelace',
  gender: 'female',
  birthday: '1815-12-10',
  email: 'ada@example.com',
  phone: null,
  mobile: '+44 20 7946 0018',
  address: 'St James\'s Square, "London"\nUK',
  organization: 'Analytical Engine Co. — Société Générale 😀',
  company_id: null,
  job_title: null,
  job_status: 'employed',
  linkedin_url: null,
  github_url: null,
  facebook_url: null,
  twitter_url: null,
  website_url: 'https://example.com/?a=1&b=<2>',
  notes: 'Back\\slash and \u0001 control',
  source: 'csv',
  tags: 'vip',
  last_contact_date: '2026-11-20T09:30:00.000Z',
  next_follow_up_date: null,
  status: 'client',
  priority: 'high',
  group: null,
  avatar_url: null,
  custom_fields: { Team: 'Analytics', 'Quote "key"': 'value\twith tab' },
  shared_by: null,
  created_at: '2026-11-24T03:00:00.000Z',
  updated_at: '2026-11-24T03:00:01.000Z',
  ...overrides,
});

const company = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  record: 'Acme "Robotics"',
  tags: ['customer', 'prioritÿ'],
  categories: null,
  linkedin_profile: 'https://linkedin.com/company/acme',
  last_interaction: null,
  connection_strength: 'strong',
  twitter_follower_count: 1200,
  twitter: '@acme',
  domains: [],
  description: 'Builds robots.\nAnd more robots.',
  notion_id: null,
  created_at: '2026-11-24T03:00:00.000Z',
  updated_at: '2026-11-24T03:00:00.000Z',
  ...overrides,
});

describe('the list serializer', () => {
  it('writes a page of people exactly as zod and JSON.stringify did', () => {
    const page = {
      people: [person(1), person(2, { custom_fields: {}, gender: null }), person(3)],
      total: 1_000,
      total_capped: true,
      page: 1,
      page_size: 50,
    };
    const expected = zodSerialized(PeopleResponseSchema, page);
    expect(fastSerialized(PeopleResponseSchema, page)).toBe(expected);
    expect(JSON.parse(expected)).toEqual(page);
  });

  it('writes a page of companies, with its stats, exactly as zod and JSON.stringify did', () => {
    const page = {
      companies: [company(1), company(2, { tags: [], twitter_follower_count: 0, last_interaction: null })],
      total: 2,
      total_capped: false,
      page: 1,
      page_size: 10,
      stats: { total: 2, active: 1 },
    };
    const expected = zodSerialized(CompaniesResponseSchema, page);
    expect(fastSerialized(CompaniesResponseSchema, page)).toBe(expected);
    expect(JSON.parse(expected)).toEqual(page);
  });

  it('leaves out keys the schema does not name, as zod did', () => {
    const page = {
      people: [{ ...person(1), search_text: 'ada lovelace' }],
      total: 1,
      total_capped: false,
      page: 1,
      page_size: 50,
      debug: true,
    };
    expect(fastSerialized(PeopleResponseSchema, page)).toBe(zodSerialized(PeopleResponseSchema, page));
    expect(fastSerialized(PeopleResponseSchema, page)).not.toContain('search_text');
  });
});
