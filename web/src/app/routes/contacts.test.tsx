import type { GoogleStatus, Person } from '@relate/contracts';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, googleStatus, server, testUser } from '@/test/msw';
import { renderWithProviders } from '@/test/render';
import { ContactsRoute } from './contacts';

const nullFields = Object.fromEntries(
  [
    'gender',
    'birthday',
    'phone',
    'mobile',
    'address',
    'job_title',
    'job_status',
    'linkedin_url',
    'github_url',
    'facebook_url',
    'twitter_url',
    'website_url',
    'notes',
    'source',
    'tags',
    'last_contact_date',
    'next_follow_up_date',
    'status',
    'priority',
    'group',
    'avatar_url',
    'shared_by',
  ].map((key) => [key, null]),
);
const grace = {
  ...nullFields,
  id: 7,
  full_name: 'Grace Hopper',
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  organization: 'Navy',
  custom_fields: {},
  created_at: '2026-01-05T10:00:00.000Z',
  updated_at: '2026-01-05T10:00:00.000Z',
} as Person;

const connectedStatus = (connected: boolean): GoogleStatus =>
  googleStatus({
    has_google_account: connected,
    google_email: connected ? 'ada@gmail.com' : null,
    calendar_access: connected,
  });

function answer(connected: boolean) {
  server.use(
    http.get(api('/people'), () =>
      HttpResponse.json({ people: [grace], total: 1, total_capped: false, page: 1, page_size: 50 }),
    ),
    http.get(api('/people/7'), () => HttpResponse.json(grace)),
    http.get(api('/custom-fields'), () => HttpResponse.json({ custom_fields: [] })),
    http.get(api('/user-preferences'), () =>
      HttpResponse.json({
        preferences: {
          contact_columns: [
            { key: 'first_name', label: 'First Name', enabled: true, order: 1 },
            { key: 'last_name', label: 'Last Name', enabled: true, order: 2 },
          ],
        },
      }),
    ),
    http.get(api('/user-group'), () => HttpResponse.json({ success: true, data: [] })),
    http.get(api('/auth/google/status'), () => HttpResponse.json(connectedStatus(connected))),
  );
}

describe('/contacts', () => {
  it("offers Google's 'Also add to Google' in a contact's dialog while Google is connected", async () => {
    answer(true);
    const { user } = renderWithProviders(<ContactsRoute />, { user: testUser });
    await user.click(await screen.findByText('Hopper'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('button', { name: 'Also add to Google' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('leaves it out without a Google account', async () => {
    answer(false);
    const { user } = renderWithProviders(<ContactsRoute />, { user: testUser });
    await user.click(await screen.findByText('Hopper'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('button', { name: 'Edit' });
    expect(within(dialog).queryByRole('button', { name: 'Also add to Google' })).not.toBeInTheDocument();
  });
});
