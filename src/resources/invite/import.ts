// Import of a pending invite by its id, in the organization the provider's settings name (the key's current
// organization when none): see ../../ownership/import.ts. An accepted invite no longer exists in PostHog; the
// membership it left is imported by `member:<membership id>`, the id an Invite that adopted it holds (apply.ts),
// which `pulumi-posthog export --format import` writes for each member.
import { callContext, scopeForCreate } from "../../provider-kit/context";
import {
  checkImportId,
  claimImported,
  importedAs,
  notFoundForImport,
  type Imported,
  type ImportKind,
} from "../../ownership";
import { cachedInvites, cachedMembers } from "../../provider-kit/list-cache";
import type { Json } from "../../provider-kit/json";
import { read } from "./apply";
import { inviteArgs, memberArgs } from "./export";
import { declareInvite } from "./declaration";
import { MEMBER_ID_PREFIX, memberOutputs } from "./mapping";
import { MEMBER_CLAIM } from "./held";
import { check as checkInvite } from "./preview";

const INVITE: ImportKind = {
  what: "pending invite",
  whereIdsAre: "getInvites lists each pending invite's id",
  scope: "organization",
};

const MEMBER: ImportKind = {
  what: "member",
  whereIdsAre: "getMembers lists each membership's id; import it as member:<id>",
  scope: "organization",
};

/** A member, as the Invite that adopted their membership: its inputs as export writes them, accepted. */
async function importMember(id: string, urn: string): Promise<Imported> {
  const membershipId = id.slice(MEMBER_ID_PREFIX.length);
  checkImportId(MEMBER, membershipId);
  const ctx = callContext();
  const organizationId = await scopeForCreate("Invite", "organization", undefined, ctx);
  const member = (await cachedMembers(ctx.client, organizationId)).find((m) => m.id === membershipId);
  if (!member) throw notFoundForImport(MEMBER, membershipId, organizationId);
  // Import is a claim, as adoption is (apply.ts, adoptableMember): a renamed resource leaving the stack keeps the
  // membership.
  claimImported(MEMBER, MEMBER_CLAIM, member.id, urn);
  const args = { ...memberArgs(member).args, organizationId };
  const check = (olds: Json, news: Json) => checkInvite(olds, declareInvite(news));
  const inputs = (await check({}, args)).inputs ?? args;
  const outputs: Json = { ...memberOutputs(member, organizationId, declareInvite(inputs)) };
  return importedAs(id, outputs, args, check);
}

/** Fails saying what is wrong when the id is malformed or the organization has no pending invite with it. */
export async function importInvite(id: string, urn: string): Promise<Imported> {
  if (id.startsWith(MEMBER_ID_PREFIX)) return importMember(id, urn);
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
  if ("goneBecause" in found || !found.id || !found.props)
    throw notFoundForImport(INVITE, id, organizationId, accepted);
  claimImported(INVITE, "invite", found.id, urn);
  return importedAs(found.id, found.props, args, (olds, news) => checkInvite(olds, declareInvite(news)));
}
