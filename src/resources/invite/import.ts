// Import of a pending invite by its id, in the organization the provider's settings name (the key's current
// organization when none): see ../../provider-kit/import.ts. An accepted invite no longer exists in PostHog.
import { callContext, scopeForCreate } from "../../provider-kit/context";
import { importedAs, type Imported } from "../../provider-kit/import";
import { cachedInvites } from "../../provider-kit/list-cache";
import { read } from "./apply";
import { inviteArgs } from "./export";
import { declareInvite } from "./declaration";
import { check } from "./preview";

/** undefined when the organization has no pending invite with this id. */
export async function importInvite(id: string): Promise<Imported | undefined> {
  const ctx = callContext();
  const organizationId = await scopeForCreate("Invite", "organization", undefined, ctx);
  const invite = (await cachedInvites(ctx.client, organizationId)).find((i) => i.id === id);
  if (!invite) return undefined;
  const args = { ...inviteArgs(invite).args, organizationId };
  // The invite's own read, from the listing just made (list-cache), gives the outputs a refresh would.
  const found = await read(id, args);
  if (!found.id || !found.props) return undefined;
  return importedAs(found.id, found.props, args, (olds, news) => check(olds, declareInvite(news)));
}
