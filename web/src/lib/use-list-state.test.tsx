import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { useListState } from './use-list-state';

function ListProbe() {
  const list = useListState({ defaultSort: { id: 'created_at', desc: true }, filters: ['city'] });
  return (
    <div>
      <output aria-label="state">
        {JSON.stringify({ page: list.page, sort: list.sort, search: list.search, filters: list.filters })}
      </output>
      <input
        aria-label="Search"
        value={list.searchInput}
        onChange={(e) => list.setSearchInput(e.target.value)}
      />
      <input
        aria-label="City"
        value={list.filterInputs.city}
        onChange={(e) => list.setFilterInput('city', e.target.value)}
      />
      <button type="button" onClick={() => list.setPage(list.page + 1)}>
        Next page
      </button>
      <button type="button" onClick={() => list.setSort({ id: 'name', desc: false })}>
        Sort by name
      </button>
      <button type="button" onClick={list.clearFilters}>
        Clear
      </button>
    </div>
  );
}

const state = () => JSON.parse(screen.getByLabelText('state').textContent ?? '{}');

describe('useListState', () => {
  it('reads page, sort, search and filters from the URL, and falls back to the default sort', () => {
    renderWithProviders(<ListProbe />, { route: '/contacts?page=3&sort=name&order=asc&q=ann&city=Oslo' });
    expect(state()).toEqual({
      page: 3,
      sort: { id: 'name', desc: false },
      search: 'ann',
      filters: { city: 'Oslo' },
    });
    expect(screen.getByLabelText('Search')).toHaveValue('ann');
    expect(screen.getByLabelText('City')).toHaveValue('Oslo');
  });

  it('writes changes back to the URL; a new search, filter or sort starts from page 1', async () => {
    const { user, router } = renderWithProviders(<ListProbe />, { route: '/contacts' });
    expect(state()).toEqual({
      page: 1,
      sort: { id: 'created_at', desc: true },
      search: '',
      filters: { city: '' },
    });

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(router.state.location.search).toBe('?page=3');

    await user.type(screen.getByLabelText('Search'), ' grace ');
    await user.type(screen.getByLabelText('City'), 'Paris');
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)));
    expect(new URLSearchParams(router.state.location.search).toString()).toBe('q=grace&city=Paris');
    expect(state()).toMatchObject({ page: 1, search: 'grace', filters: { city: 'Paris' } });

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Sort by name' }));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('page')).toBeNull();
    expect(params.get('sort')).toBe('name');
    expect(params.get('order')).toBe('asc');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(router.state.location.search).toBe('?sort=name&order=asc');
    expect(screen.getByLabelText('Search')).toHaveValue('');
  });

  it('follows the URL when it changes from outside (back button)', async () => {
    const { user, router } = renderWithProviders(<ListProbe />, { route: '/contacts?q=ann' });
    await act(() => router.navigate('/contacts?q=bob&city=Rome'));
    expect(screen.getByLabelText('Search')).toHaveValue('bob');
    expect(screen.getByLabelText('City')).toHaveValue('Rome');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('bob');
    expect(state().page).toBe(2);
  });
});
