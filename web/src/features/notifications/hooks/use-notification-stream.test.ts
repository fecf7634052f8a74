import { describe, expect, it } from 'vitest';
import { affectedQueryKeys, type SubjectKeys } from './use-notification-stream';

const keys: SubjectKeys = {
  contact: ['people'],
  task: ['tasks'],
  event: ['events'],
  group: ['groups'],
  subscription: ['plan'],
  user: ['admin'],
};

describe('affectedQueryKeys', () => {
  it('refreshes the admin lists (and the pending badge) when an account waits for approval', () => {
    expect(affectedQueryKeys({ notification_type: 'other', subject_type: 'user' }, keys)).toEqual([
      ['admin'],
    ]);
  });

  it("refreshes the group's members and invitations when an invitation is accepted ('other' about a group)", () => {
    expect(affectedQueryKeys({ notification_type: 'other', subject_type: 'group' }, keys)).toEqual([
      ['groups'],
    ]);
    expect(affectedQueryKeys({ notification_type: 'group_invitation', subject_type: 'group' }, keys)).toEqual(
      [['groups']],
    );
  });

  it('refreshes what each kind of notification is about, and nothing for a bare notice', () => {
    expect(affectedQueryKeys({ notification_type: 'contact_shared', subject_type: null }, keys)).toEqual([
      ['people'],
    ]);
    expect(affectedQueryKeys({ notification_type: 'task_assigned', subject_type: 'task' }, keys)).toEqual([
      ['tasks'],
    ]);
    expect(affectedQueryKeys({ notification_type: 'event_assigned', subject_type: 'event' }, keys)).toEqual([
      ['events'],
    ]);
    expect(affectedQueryKeys({ notification_type: 'other', subject_type: 'subscription' }, keys)).toEqual([
      ['plan'],
    ]);
    expect(affectedQueryKeys({ notification_type: 'other', subject_type: null }, keys)).toEqual([]);
  });
});
