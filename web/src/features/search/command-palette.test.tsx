import type { SearchResult } from '@relate/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, server } from '@/test/msw';
import { renderWithProviders } from '@/test/render';
import { CommandPalette } from './components/command-palette';
import { matchingCommands, paletteCommands } from './palette-commands';
import { groupResults, resultTarget } from './search-targets';

const result = (extra: Partial<SearchResult>): SearchResult => ({
  type: 'contact',
  id: 1,
  title: 'Grace Hopper',
  detail: 'grace@navy.mil · US Navy',
  date: null,
  rank: 2,
  ...extra,
});

function renderPalette(results: SearchResult[]) {
  const asked: string[] = [];
  server.use(
    http.get(api('/search'), ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('q') ?? '');
      return HttpResponse.json({ results });
    }),
  );
  const rendered = renderWithProviders(<CommandPalette open onOpenChange={() => {}} />);
  return { ...rendered, asked };
}

describe('CommandPalette', () => {
  it('is a labelled combobox over a listbox, showing the commands before anything is typed', async () => {
    renderPalette([]);
    const dialog = screen.getByRole('dialog', { name: 'Search and commands' });
    const box = within(dialog).getByRole('combobox');
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('aria-controls', within(dialog).getByRole('listbox').id);
    expect(within(dialog).getByRole('option', { name: 'New contact' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(dialog).getByRole('group', { name: 'Go to' })).toBeInTheDocument();
  });

  it('groups what it finds by type, best type first, and Enter opens the selected result', async () => {
    const { user, asked, router } = renderPalette([
      result({ type: 'company', id: 7, title: 'Navy Yard', detail: 'navy.mil', rank: 1 }),
      result({ id: 3 }),
    ]);
    await user.type(screen.getByRole('combobox'), 'navy');
    const companies = await screen.findByRole('group', { name: 'Companies' });
    expect(within(companies).getByRole('option', { name: /Navy Yard/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const headings = [...document.querySelectorAll('[cmdk-group-heading]')].map((node) => node.textContent);
    expect(headings).toEqual(['Companies', 'Contacts']);
    expect(asked.at(-1)).toBe('navy');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /Grace Hopper/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/contacts?contact=3'),
    );
  });

  it('says when nothing is found', async () => {
    const { user } = renderPalette([]);
    await user.type(screen.getByRole('combobox'), 'zzzz');
    expect(await screen.findByText('Nothing found for “zzzz”.')).toBeInTheDocument();
  });
});

describe('the palette’s commands and targets', () => {
  it('finds commands by the starts of their words', () => {
    const labels = (text: string) => matchingCommands(paletteCommands('light'), text).map((c) => c.label);
    expect(labels('new t')).toEqual(['New task']);
    expect(labels('go ev')).toEqual(['Go to Events']);
    expect(labels('dark')).toEqual(['Switch to dark theme']);
    expect(matchingCommands(paletteCommands('dark'), 'theme').map((c) => c.label)).toEqual([
      'Switch to light theme',
    ]);
    expect(labels('')).toHaveLength(12);
    expect(labels('trash')).toEqual(['Go to Trash']);
  });

  it('opens each type where its page shows it', () => {
    expect(resultTarget(result({ id: 3 }))).toBe('/contacts?contact=3');
    expect(resultTarget(result({ type: 'company', id: 4 }))).toBe('/companies?company=4');
    expect(resultTarget(result({ type: 'task', id: 5 }))).toBe('/tasks?task=5');
    expect(resultTarget(result({ type: 'project', title: 'Q&A launch' }))).toBe(
      '/tasks?project=Q%26A%20launch',
    );
    expect(resultTarget(result({ type: 'event', id: 6, date: '2026-12-04T12:00:00.000Z' }))).toBe(
      '/events?event=6&on=2026-12-04T12%3A00%3A00.000Z',
    );
  });

  it('keeps the server’s order within and across types', () => {
    const groups = groupResults([
      result({ type: 'project', id: 1, rank: 1 }),
      result({ id: 2, rank: 2 }),
      result({ type: 'project', id: 3, rank: 3 }),
    ]);
    expect(groups.map((group) => [group.type, group.results.map((item) => item.id)])).toEqual([
      ['project', [1, 3]],
      ['contact', [2]],
    ]);
  });
});
