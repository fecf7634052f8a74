import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompanyFormDialog } from './components/company-form-dialog';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderDialog(onOpenChange = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CompanyFormDialog open company={null} onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return { onOpenChange };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('Add New Company', () => {
  it('requires the company name and sends nothing without it', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();

    expect(screen.getByRole('heading', { name: 'Add New Company' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Company' }));

    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/Company Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts lists as arrays, an empty follower count as 0 and empties as null', async () => {
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
      json(201, { id: 1, ...JSON.parse(String(init.body)) }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { onOpenChange } = renderDialog();

    await userEvent.type(screen.getByLabelText(/Company Name/), 'Acme Labs');
    await userEvent.type(screen.getByLabelText('Tags'), 'customer, , priority,');
    await userEvent.type(screen.getByLabelText('Domains'), 'acme.com,acme.io');
    await userEvent.clear(screen.getByLabelText('Twitter Followers'));
    await userEvent.type(screen.getByLabelText('LinkedIn'), 'linkedin.com/company/acme');
    await userEvent.click(screen.getByRole('button', { name: 'Add Company' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/companies');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      record: 'Acme Labs',
      categories: null,
      tags: ['customer', 'priority'],
      domains: ['acme.com', 'acme.io'],
      linkedin_profile: 'linkedin.com/company/acme',
      twitter: null,
      twitter_follower_count: 0,
      connection_strength: null,
      last_interaction: null,
      description: null,
      notion_id: null,
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Company added successfully'));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows 'Failed to save company' with the server's reason and stays open", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, { error: 'LinkedIn profile must be a URL', code: 'VALIDATION_ERROR' })),
    );
    const { onOpenChange } = renderDialog();

    await userEvent.type(screen.getByLabelText(/Company Name/), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Add Company' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to save company', {
        description: 'LinkedIn profile must be a URL',
      }),
    );
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
