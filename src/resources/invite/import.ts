// Import of a pending invite by its id, in the organization the provider's settings name (the key's current
// organization when none): see ../../provider-kit/import.ts. An accepted invite no longer exists in PostHog.
import { callContext, scopeForCreate } from "../../provider-kit/context";
import {
  checkImportId,
  claimImported,
  importedAs,
  notFoundForImport,
  type Imported,
  type ImportKind,
} from "../../provider-kit/import";
import { cachedInvites } from "../../provider-kit/list-cache";
import { read } from "./apply";
import { inviteArgs } from "./export";
import { declareInvite } from "./declaration";
import { check } from "./preview";

const INVITE: ImportKind = {
  what: "pending invite",
  whereIdsAre: "getInvites lists each pending invite's id",
  scope: "organization",
};

/** Fails saying what is wrong when the id is malformed or the organization has no pending invite with it. */
export async function importInvite(id: string, urn: string): Promise<Imported> {
  checkImportId(INVITE, id);
  const ctx = callContext();
  const organizationId = await scopeForCreate("Invite", "organization", undefined, ctx);
  const invite = (await cachedInvites(ctx.client, organizationId)).find((i) => i.id === id);
  const accepted =
    "An accepted invite no longer exists: the person is a member, and there is nothing to import. ";
  if (!invite) throw notFoundForImport(INVITE, id, organizationId, accepted);
  const args = { ...inviteArgs(invite).args, organizationId };
  // The invite's own read, from the listing just made (list-cache), gives the outputs a refresh would.
  const found = await read(id, args);
  if (!found.id || !found.props) throw notFoundForImport(INVITE, id, organizationId, accepted);
  claimImported(INVITE, "invite", found.id, urn);
  return importedAs(found.id, found.props, args, (olds, news) => check(olds, declareInvite(news)));
}
