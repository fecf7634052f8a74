import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fetchJson } from '@/lib/api-client';
import { api, server } from '@/test/msw';
import { renderWithProviders } from '@/test/render';
import { QueryState } from './query-state';

function Names() {
  const query = useQuery({ queryKey: ['names'], queryFn: () => fetchJson<string[]>('/names') });
  return (
    <QueryState
      query={query}
      errorTitle="Could not load the names"
      isEmpty={(names) => names.length === 0}
      empty={<p>No names yet</p>}
    >
      {(names) => <p>{names.join(', ')}</p>}
    </QueryState>
  );
}

describe('QueryState', () => {
  it('shows the data once it arrives', async () => {
    server.use(http.get(api('/names'), () => HttpResponse.json(['Ada', 'Grace'])));
    renderWithProviders(<Names />);
    expect(await screen.findByText('Ada, Grace')).toBeInTheDocument();
  });

  it('says when there is nothing', async () => {
    server.use(http.get(api('/names'), () => HttpResponse.json([])));
    renderWithProviders(<Names />);
    expect(await screen.findByText('No names yet')).toBeInTheDocument();
  });

  it('shows the error and loads again on "Try again"', async () => {
    let calls = 0;
    server.use(
      http.get(api('/names'), () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ error: 'The database is busy', code: 'INTERNAL' }, { status: 500 })
          : HttpResponse.json(['Ada']);
      }),
    );
    const { user } = renderWithProviders(<Names />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the namesThe database is busy',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ada')).toBeInTheDocument();
  });
});
