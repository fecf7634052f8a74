import type { Person } from '@relate/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FindDuplicatesDialog } from './components/find-duplicates-dialog';
import { ManageCustomFieldsDialog } from './components/manage-custom-fields-dialog';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const wrap = (children: ReactNode) => (
  <QueryClientProvider
    client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}
  >
    {children}
  </QueryClientProvider>
);

beforeEach(() => {
  localStorage.clear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('custom field failures (spec section 8)', () => {
  it("says 'Failed to fetch custom fields' when the call fails and nothing is cached", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { error: 'Database unavailable', code: 'INTERNAL' })),
    );
    render(wrap(<ManageCustomFieldsDialog open onOpenChange={vi.fn()} />));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to fetch custom fields', {
        id: 'custom-fields-failed',
        description: 'Database unavailable',
      }),
    );
  });

  it('falls back to the cached list without an error', async () => {
    localStorage.setItem('custom_fields', JSON.stringify(['Team']));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(500, { error: 'Database unavailable', code: 'INTERNAL' })),
    );
    render(wrap(<ManageCustomFieldsDialog open onOpenChange={vi.fn()} />));
    expect(await screen.findByText('Team')).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("says 'Authentication required' when a custom-field call gets 401", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { error: 'Not signed in', code: 'UNAUTHORIZED' })),
    );
    render(wrap(<ManageCustomFieldsDialog open onOpenChange={vi.fn()} />));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to fetch custom fields', {
        id: 'custom-fields-failed',
        description: 'Authentication required',
      }),
    );
    await userEvent.type(screen.getByLabelText('New field name'), 'Team');
    await userEvent.click(screen.getByRole('button', { name: 'Add Field' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to create custom field', {
        description: 'Authentication required',
      }),
    );
  });
});

describe('deleting duplicate people', () => {
  it("says 'Error deleting person' when deleting a duplicate group's records fails", async () => {
    const person = (id: number) =>
      ({ id, full_name: 'Ada Lovelace', email: null, created_at: '2026-11-01T10:00:00.000Z' }) as Person;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/resolve')
          ? json(500, { error: 'Database unavailable', code: 'INTERNAL' })
          : json(200, {
              groups: [
                {
                  key: 'ada lovelace',
                  full_name: 'Ada Lovelace',
                  identical: false,
                  count: 2,
                  people: [person(1), person(2)],
                },
              ],
              total_duplicates: 1,
              auto_mergeable: 0,
              manual_review: 1,
            }),
      ),
    );
    render(wrap(<FindDuplicatesDialog open onOpenChange={vi.fn()} />));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete All Records' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error deleting person', {
        description: 'Database unavailable',
      }),
    );
  });
});
