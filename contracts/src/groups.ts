import { z } from 'zod';
import { MAX_ID, storedText, TimestampSchema } from './common';

export const GroupMemberStatusSchema = z.enum(['waiting_for_approval', 'approved', 'declined']);
export type GroupMemberStatus = z.infer<typeof GroupMemberStatusSchema>;

/** A person in the caller's group (spec section 3 "Group user"). */
export const GroupMemberSchema = z.object({
  /** The membership: DELETE /api/user-group/{id} removes it. */
  id: z.number().int(),
  /** The member's account, once they have one. */
  user_id: z.number().int().nullable(),
  /** The name the caller gave them. */
  full_name: z.string(),
  email: z.string(),
  status: GroupMemberStatusSchema,
  added_at: TimestampSchema,
});
export type GroupMember = z.infer<typeof GroupMemberSchema>;

export const GroupMembersResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(GroupMemberSchema),
});
export type GroupMembersResponse = z.infer<typeof GroupMembersResponseSchema>;

const requiredText = (message: string, max: number) =>
  storedText({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `At most ${max} characters` });

/** POST /api/user-group: invites a person by e-mail. */
export const AddGroupMemberBodySchema = z.object({
  email: requiredText('Please enter an email address', 254)
    .toLowerCase()
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  name: requiredText('Please enter a name', 200),
});
export type AddGroupMemberBody = z.input<typeof AddGroupMemberBodySchema>;

/** POST /api/user-group and POST /api/user-group/approve-invitation: the membership concerned. */
export const GroupMemberResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** POST /api/user-group: whether an invitation e-mail went out (SMTP is set up on the server). */
  emailed: z.boolean().optional(),
  data: GroupMemberSchema,
});
export type AddGroupMemberResponse = z.infer<typeof GroupMemberResultSchema>;

/** An invitation to the caller's group from someone else (spec section 3 "Pending invitation"). */
export const PendingInvitationSchema = z.object({
  id: z.number().int(),
  /** The same as id: what approve-invitation and decline-invitation take. */
  invitation_id: z.number().int(),
  /** The inviter's name and e-mail. */
  name: z.string(),
  email: z.string(),
  invited_by: z.object({
    id: z.number().int(),
    email: z.string(),
    full_name: z.string().nullable(),
  }),
});
export type PendingInvitation = z.infer<typeof PendingInvitationSchema>;

export const PendingInvitationsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(PendingInvitationSchema),
});
export type PendingInvitationsResponse = z.infer<typeof PendingInvitationsResponseSchema>;

const InvitationIdSchema = z.coerce
  .number({ error: 'invitation_id must be a number' })
  .int({ error: 'invitation_id must be a whole number' })
  .positive({ error: 'invitation_id must be a positive number' })
  .max(MAX_ID, { error: 'No such invitation' });

/** POST /api/user-group/approve-invitation: display_name is what the caller will call the inviter. */
export const ApproveInvitationBodySchema = z.object({
  invitation_id: InvitationIdSchema,
  display_name: requiredText('Please enter a display name', 200),
});
export type ApproveInvitationBody = z.input<typeof ApproveInvitationBodySchema>;

/** The inviter, now an approved member of the caller's group too. */

export const DeclineInvitationBodySchema = z.object({ invitation_id: InvitationIdSchema });
export type DeclineInvitationBody = z.input<typeof DeclineInvitationBodySchema>;

/** decline-invitation and DELETE /api/user-group/{id}. */
export const GroupActionResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type GroupActionResponse = z.infer<typeof GroupActionResponseSchema>;
