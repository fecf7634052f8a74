import type { GroupMember } from '@relate/contracts';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, server } from '@/test/msw';
import { renderWithProviders } from '@/test/render';
import { GroupManagement } from './components/group-management';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));
afterEach(() => vi.clearAllMocks());

const member = (extra: Partial<GroupMember>): GroupMember => ({
  id: 1,
  user_id: 2,
  full_name: 'Ben Example',
  email: 'ben@example.com',
  status: 'approved',
  added_at: '2026-11-20T10:00:00.000Z',
  ...extra,
});

function fakeGroup(members: GroupMember[], invited: { emailed: boolean; message: string }) {
  server.use(
    http.get(api('/user-group'), () => HttpResponse.json({ success: true, data: members })),
    http.get(api('/user-group/pending-invitations'), () => HttpResponse.json({ success: true, data: [] })),
    http.post(api('/user-group'), async ({ request }) => {
      const body = (await request.json()) as { email: string; name: string };
      return HttpResponse.json(
        {
          success: true,
          ...invited,
          data: member({ id: 9, user_id: null, email: body.email, status: 'waiting_for_approval' }),
        },
        { status: 201 },
      );
    }),
  );
}

describe('Group Management', () => {
  it('counts only those who accepted as people in the group, and lists sent invitations apart', async () => {
    fakeGroup(
      [
        member({}),
        member({
          id: 2,
          user_id: null,
          full_name: 'Cy',
          email: 'cy@example.com',
          status: 'waiting_for_approval',
        }),
        member({ id: 3, user_id: null, full_name: 'Di', email: 'di@example.com', status: 'declined' }),
      ],
      { emailed: true, message: '' },
    );
    renderWithProviders(<GroupManagement />);
    expect(await screen.findByText('1 person in your group.')).toBeVisible();
    const sent = screen.getByTestId('sent-invitations');
    expect(
      within(sent)
        .getAllByTestId('group-member')
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringContaining('cy@example.com · invited'),
      expect.stringContaining('di@example.com · invited'),
    ]);
    expect(
      within(sent).getByRole('button', { name: 'Withdraw the invitation to cy@example.com' }),
    ).toBeVisible();
  });

  it('says plainly when the invitation was saved but no e-mail went out', async () => {
    const message = 'Invitation saved for new@example.com, but no e-mail was sent.';
    fakeGroup([], { emailed: false, message });
    const { user } = renderWithProviders(<GroupManagement />);
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Name'), 'New');
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    await vi.waitFor(() =>
      expect(toast.warning).toHaveBeenCalledWith(
        'Invitation saved, no e-mail sent',
        expect.objectContaining({ description: message }),
      ),
    );
    expect(toast.success).not.toHaveBeenCalled();
  });
});
