import { describe, expect, it } from 'vitest';
import { affectedQueryKeys } from './use-notification-stream';

describe('affectedQueryKeys', () => {
  it("refreshes the group's members and invitations when an invitation is accepted ('other' about a group)", () => {
    expect(affectedQueryKeys({ notification_type: 'other', subject_type: 'group' })).toEqual([['groups']]);
    expect(affectedQueryKeys({ notification_type: 'group_invitation', subject_type: 'group' })).toEqual([
      ['groups'],
    ]);
  });

  it('refreshes what each kind of notification is about, and nothing for a bare notice', () => {
    expect(affectedQueryKeys({ notification_type: 'contact_shared', subject_type: null })).toEqual([
      ['people'],
    ]);
    expect(affectedQueryKeys({ notification_type: 'task_assigned', subject_type: 'task' })).toEqual([
      ['tasks'],
    ]);
    expect(affectedQueryKeys({ notification_type: 'event_assigned', subject_type: 'event' })).toEqual([
      ['events'],
    ]);
    expect(affectedQueryKeys({ notification_type: 'other', subject_type: null })).toEqual([]);
  });
});
