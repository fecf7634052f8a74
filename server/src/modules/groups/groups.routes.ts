import {
  AddGroupMemberBodySchema,
  ApproveInvitationBodySchema,
  DeclineInvitationBodySchema,
  GroupActionResponseSchema,
  GroupMemberResultSchema,
  GroupMembersResponseSchema,
  IdParamsSchema,
  PendingInvitationsResponseSchema,
} from '@relate/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const groupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { groups } = app.services;

  app.get(
    '/user-group',
    {
      config: { access: 'user' },
      schema: {
        tags: ['groups'],
        description:
          'The caller’s group: everyone they invited, and everyone whose invitation they accepted.',
        response: { 200: GroupMembersResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await groups.list(request.user.id),
    }),
  );

  app.post(
    '/user-group',
    {
      config: { access: 'user' },
      schema: {
        tags: ['groups'],
        description:
          'Invites a person by e-mail, and e-mails them (with a sign-up link when they have no account) when SMTP_URL is set; without an account they see the invitation once they sign up.',
        body: AddGroupMemberBodySchema,
        response: { 201: GroupMemberResultSchema },
      },
    },
    async (request, reply) => {
      const { member, emailed } = await groups.invite(request.user, request.body);
      reply.code(201);
      return {
        success: true as const,
        // One answer whether or not the e-mail has an account: inviting must not reveal who uses Relate.
        message: emailed
          ? `Invitation sent to ${member.email}`
          : `Invitation saved for ${member.email}, but no e-mail was sent (e-mail is not set up on this server). ` +
            'They see it once they sign in to Relate: if they have no account yet, ask them to sign up with this address.',
        emailed,
        data: member,
      };
    },
  );

  app.get(
    '/user-group/pending-invitations',
    {
      config: { access: 'user' },
      schema: {
        tags: ['groups'],
        description: 'Invitations to the caller’s group membership, with the inviter’s name and e-mail.',
        response: { 200: PendingInvitationsResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await groups.pendingInvitations(request.user),
    }),
  );

  app.post(
    '/user-group/approve-invitation',
    {
      config: { access: 'user' },
      schema: {
        tags: ['groups'],
        description:
          'Accepts an invitation; the inviter becomes an approved member of the caller’s group too.',
        body: ApproveInvitationBodySchema,
        response: { 200: GroupMemberResultSchema },
      },
    },
    async (request) => {
      const { invitation_id, display_name } = request.body;
      const membership = await groups.approve(request.user, invitation_id, display_name);
      return { success: true as const, message: 'Invitation accepted', data: membership };
    },
  );

  app.post(
    '/user-group/decline-invitation',
    {
      config: { access: 'user' },
      schema: {
        tags: ['groups'],
        body: DeclineInvitationBodySchema,
        response: { 200: GroupActionResponseSchema },
      },
    },
    async (request) => {
      await groups.decline(request.user, request.body.invitation_id);
      return { success: true as const, message: 'Invitation declined' };
    },
  );

  app.delete(
    '/user-group/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['groups'],
        description:
          'Removes a member or withdraws an invitation; an approved membership ends for both people.',
        params: IdParamsSchema,
        response: { 200: GroupActionResponseSchema },
      },
    },
    async (request) => {
      await groups.remove(request.user, request.params.id);
      return { success: true as const, message: 'User removed from your group' };
    },
  );
};
