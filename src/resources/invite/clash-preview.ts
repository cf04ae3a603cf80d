// A clash said at preview: a new Invite (without `adopt`) for an address that has a pending invite is refused by
// `up` (interrupted.ts, pendingInviteError: an invite carries no mark, so no pending invite is provably this
// stack's); the preview says so first, as a warning naming that invite. Most often a teammate's stack sent it. One
// listing of the organization's invites per provider process (list-cache.ts), and none when the user turned the
// preview's requests off (`checkKeyAndHost: false`).
import { callContext } from "../../provider-kit/context";
import { clashScope, TEAMMATE_WAY } from "../../ownership";
import { cachedInvites } from "../../provider-kit/list-cache";
import type { InviteDeclaration } from "./declaration";
import { normaliseEmail } from "./inputs";

/** The warning for `invite`'s create when its address has a pending invite; else undefined. */
export async function clashAtPreview(invite: InviteDeclaration): Promise<string | undefined> {
  const email = normaliseEmail(invite.terms.targetEmail);
  const { client, settings } = callContext();
  const org = await clashScope("organization", invite.fields.organizationId, settings);
  if (org === undefined) return undefined;
  const pending = (await cachedInvites(client, org)).find(
    (i) => !i.is_expired && normaliseEmail(i.target_email) === email,
  );
  if (!pending) return undefined;
  return (
    `${invite.label}: organization ${org} already has pending invite ${pending.id} for ${email}, which this stack ` +
    `cannot prove is its own, so pulumi up will refuse to send another. ${TEAMMATE_WAY}`
  );
}
