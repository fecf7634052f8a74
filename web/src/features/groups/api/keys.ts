/** Every query key of the groups feature. */
export const groupKeys = {
  all: ['groups'] as const,
  members: () => [...groupKeys.all, 'members'] as const,
  pendingInvitations: () => [...groupKeys.all, 'pending-invitations'] as const,
};
