// The preview's word on a pending invite whose terms change (no HTTP client here). State says pending, but the
// person may have accepted since the last refresh, which only `up` can find out (a preview sends no request), so
// the warning names both outcomes. Invite and InviteBatch say the same (docs/guides/invites-to-membership.md).

/** `who` names the resource; `changed` says what changed ("level", or "ana@example.com's level" in a batch). */
export function reinviteWarning(who: string, changed: string, email: string): string {
  return (
    `${who}: ${changed} changed. At \`pulumi up\`, if ${email} has not accepted yet, a new invitation with these ` +
    "terms replaces the pending one (PostHog cannot edit an invite); if they have accepted since, only the level " +
    "is applied, to their membership, and nothing is sent."
  );
}
