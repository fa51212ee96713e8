/** The staff invitation's mail as it is sent (mail/mail-kinds.ts lists it): the link is made then. */
import { z } from 'zod';
import { defineMailKind } from '#server/mail/mail-kind.ts';
import * as invitations from './staff-invitations.repository.ts';
import { currentInvitationToken, INVITATION_PATH } from './invitation-links.ts';
import { staffInvitationMessage } from './staff-invitation-messages.ts';

export const staffInvitationMail = defineMailKind({
  kind: 'staff-invitation',
  label: 'You are invited to join the team',
  params: z.object({ invitationId: z.number().int() }),
  urgent: true,
  async render(deps, { recipient, params }, shop) {
    const invitation = await invitations.findInvitation(deps.db, params.invitationId);
    if (!invitation || invitation.accepted_at || invitation.revoked_at) return { cancel: 'The invitation is no longer open.' };
    if (invitation.email.toLowerCase() !== recipient.toLowerCase()) return { cancel: 'The invitation has another address now.' };
    const token = currentInvitationToken(deps.config.appKeys, invitation);
    // None of the keys made the stored hash (a key dropped since): the owner must invite again.
    if (!token) return { cancel: 'The link is no longer valid.' };
    return staffInvitationMessage({
      to: recipient,
      name: invitation.name,
      staffRole: invitation.staff_role,
      url: `${deps.config.appUrl}${INVITATION_PATH}/${token}`,
      shop,
    });
  },
});
