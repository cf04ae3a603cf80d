// What export says of the invites it writes out (issue 55, case 11): the surveys a stack created are left out by
// their question ids (index.ts, createdByAStack), but PostHog keeps nothing of an invite but its terms.
/**
 * The warning when invites or members are exported (issue 55, case 11): a survey a stack created shows it in its
 * question ids and is left out, but an invite carries no such sign (PostHog keeps only its terms), so export cannot
 * leave out one a stack manages, and importing or adopting it makes two stacks manage it.
 */
export function unprovenInvitesWarning(invites: number, members: number): string | undefined {
  if (invites + members === 0) return undefined;
  return (
    `warning: exported ${invites} pending invite(s) and ${members} member(s), and an invite carries no sign of a ` +
    "Pulumi stack, so export cannot leave out one a stack manages: importing or adopting that one makes two stacks " +
    "manage it, and either one's destroy deletes it. Remove those from what was exported, or export with --no-invites."
  );
}
