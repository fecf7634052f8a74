import type { SystemInfo } from '@relate/contracts';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useAuth } from '@/features/auth/auth-provider';
import { api, server, testUser } from '@/test/msw';
import { renderWithProviders } from '@/test/render';
import { SettingsPage } from './settings';

const admin = { ...testUser, is_admin: true };

const system: SystemInfo = {
  relate_version: '0.1.0',
  database: {
    engine: 'PostgreSQL',
    version: '18.1',
    embedded: false,
    data_directory: null,
    host: 'db.example.com',
    port: 5432,
    name: 'relate',
    fsync: 'off',
    synchronous_commit: 'on',
    size_bytes: 25 * 1024 * 1024,
    connections: 7,
  },
  backups: {
    directory: '/srv/relate/backups',
    last: {
      name: 'relate-backup-2026-11-27.relate.gz',
      created_at: '2026-11-27T03:00:00.000Z',
      size_bytes: 1536,
    },
  },
};

/** As behind the app's sign-in guard: the page renders once the signed-in user is known. */
function SignedInSettings() {
  return useAuth().user ? <SettingsPage /> : null;
}

const sectionsNav = () => screen.getByRole('navigation', { name: 'Settings sections' });

describe('Settings → System', () => {
  it('is listed for administrators, with the version, the database and the last backup', async () => {
    server.use(
      http.get(api('/auth/me'), () => HttpResponse.json(admin)),
      http.get(api('/admin/system'), () => HttpResponse.json(system)),
    );
    renderWithProviders(<SignedInSettings />, { route: '/settings?section=system', user: admin });
    const info = await screen.findByTestId('system-info');
    expect(within(sectionsNav()).getByRole('button', { name: /System/ })).toBeInTheDocument();
    expect(within(info).getByText('PostgreSQL 18.1')).toBeInTheDocument();
    expect(within(info).getByText('db.example.com:5432')).toBeInTheDocument();
    expect(within(info).getByText('25 MB')).toBeInTheDocument();
    expect(within(info).getByText('1.5 kB')).toBeInTheDocument();
    expect(within(info).getByText(/fsync is off/)).toBeInTheDocument();
  });

  it('says so when there is no backup yet', async () => {
    server.use(
      http.get(api('/auth/me'), () => HttpResponse.json(admin)),
      http.get(api('/admin/system'), () =>
        HttpResponse.json({
          ...system,
          database: { ...system.database, fsync: 'on' },
          backups: { ...system.backups, last: null },
        }),
      ),
    );
    renderWithProviders(<SignedInSettings />, { route: '/settings?section=system', user: admin });
    const info = await screen.findByTestId('system-info');
    expect(within(info).getByText('No backup yet')).toBeInTheDocument();
    expect(within(info).queryByText(/fsync is off/)).not.toBeInTheDocument();
  });

  it('is not listed for members, and its address shows them the first section instead', async () => {
    let asked = false;
    server.use(
      http.get(api('/admin/system'), () => {
        asked = true;
        return HttpResponse.json(system);
      }),
    );
    server.use(http.get(api('/bots/status'), () => HttpResponse.json({}, { status: 503 })));
    renderWithProviders(<SignedInSettings />, { route: '/settings?section=system', user: testUser });
    expect(await screen.findByRole('heading', { name: 'Bot Connection', level: 2 })).toBeInTheDocument();
    expect(within(sectionsNav()).queryByRole('button', { name: /System/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('system-info')).not.toBeInTheDocument();
    expect(asked).toBe(false);
  });
});
