// The Invite provider: create, read, update and delete against PostHog, loaded on first use by
// provider.ts (never in a preview); nothing here is ever serialized into state. PostHog invites have no update and no
// GET-by-id: a change of terms is a new invite (sent by update, in place of the old one, unless the person has
// joined since), and read finds the invite in the (cached) list.
import type * as pulumi from "@pulumi/pulumi";
import { type PostHogClient, type WireInvite, type WireMember } from "../../client";
import { normaliseEmail } from "./inputs";
import { callContext, callContextFor, scopeForCreate } from "../../provider-kit/context";
import { declaredInputs, lastDeclared } from "../../provider-kit/declared";
import {
  inviteLabel as label,
  settingsOf,
  TERM_KEYS,
  type InviteDeclaration,
  type InviteTerms,
} from "./declaration";
import { findLateCreate, claimForAdoption, claimForDelete, markRefused } from "../../ownership";
import { type Settings } from "../../config";
import { describeFailure, isBadRequest, isNotFound, isOutcomeUnknown } from "../../provider-kit/errors";
import { cachedInvites, invalidateOrganization } from "../../provider-kit/list-cache";
import { findMember, removeMember, setMemberLevel, type Removal } from "./membership";
import {
  acceptedOutputs,
  changedTerms,
  differingTerms,
  isPendingInviteWith,
  inviteOutputs,
  levelName,
  MEMBER_ID_PREFIX,
  memberOutputs,
  writeBody,
} from "./mapping";
import { warn } from "../../provider-kit/warn";
import { inviteIdOf, MEMBER_CLAIM, memberIdOf } from "./held";
import {
  claimCreated,
  pendingInviteError,
  pendingInvites,
  replacedInviteError,
  warnIfReplaced,
} from "./interrupted";
import { holdAddresses, refuseIfHeldByAnother } from "./invited-this-run";
import { unprovenMember } from "./acceptance";
import { foundAsMember, foundMemberKept } from "./member-removal";
import { sayLevelChanged, sayResent, saySent } from "./outcome";

import type { Json } from "../../provider-kit/json";
import type { GoneBecause } from "../../provider-kit/seam";

/** The pending (not expired) invite PostHog holds for `email`, newest first as it lists them. */
const pendingFor = (invites: WireInvite[], email: string): WireInvite | undefined =>
  invites.find((i) => normaliseEmail(i.target_email) === email && !i.is_expired);

/** The newest invite that is exactly the one we would create (pending, same terms). */
function matchingInvite(invites: WireInvite[], terms: InviteTerms): WireInvite | undefined {
  return invites.find((invite) => isPendingInviteWith(invite, terms));
}

/**
 * POST once; if the answer was lost, look for the invite it made, never posting again in this run
 * (late-create.ts). The caller made sure no pending invite for the address existed before, so the pending invite
 * with exactly these terms that turns up is this POST's.
 */
async function post(
  client: PostHogClient,
  settings: Settings,
  org: string,
  news: InviteDeclaration,
): Promise<WireInvite> {
  const body = writeBody(news.terms, news.settings.sendEmail);
  const startedAt = Date.now();
  try {
    const invite = await client.invites.create(org, body);
    claimCreated([invite]);
    await warnIfReplaced(client, org, news.label, [invite]);
    return invite;
  } catch (error) {
    if (!isOutcomeUnknown(error)) throw error;
    const lookup = async () => {
      invalidateOrganization(client, org);
      return matchingInvite(await cachedInvites(client, org), news.terms);
    };
    const found = await findLateCreate(error, settings, startedAt, lookup, Boolean);
    if (!found) throw error; // never: findLateCreate returns only what `found` accepts
    claimCreated([found]);
    return found;
  } finally {
    invalidateOrganization(client, org);
  }
}

/**
 * Adoption is a claim: a resource of this stack that held the object and leaves the program (a rename) does not
 * delete it (ownership/claims.ts). Fails when another create of this run made, took or adopted it.
 */
function claimAdopted(news: InviteDeclaration, kind: string, id: string): void {
  const refused = claimForAdoption(kind, id, news.inviter.urn);
  if (refused) throw new Error(`cannot adopt ${kind} ${id}: ${refused}`);
}

/** `adopt: true`: the pending invite for this email, if PostHog has one (no POST, no second email). */
async function adoptable(
  client: PostHogClient,
  org: string,
  news: InviteDeclaration,
): Promise<WireInvite | undefined> {
  const email = news.terms.targetEmail;
  const pending = pendingFor(await cachedInvites(client, org), email);
  if (pending) {
    claimAdopted(news, "invite", pending.id);
    const differing = differingTerms(pending, news.terms);
    if (differing.length > 0) {
      warn(
        `${news.label}: adopted pending invite ${pending.id}, which differs from the program in ${differing.join(", ")}. ` +
          "The next `pulumi up` replaces it (sending a new email) unless the program is changed to match.",
      );
    }
  }
  return pending;
}

/**
 * `adopt: true` with no pending invite: the membership of the person, if they have joined (accepting deletes the
 * invite, so the membership is what a program exported after acceptance declares). Nothing is sent; a declared
 * level that differs from the member's is applied by the next `up`, as for any accepted invite.
 */
async function adoptableMember(
  client: PostHogClient,
  org: string,
  news: InviteDeclaration,
): Promise<WireMember | undefined> {
  const terms = news.terms;
  const member = await findMember(client, org, terms.targetEmail);
  if (member) claimAdopted(news, MEMBER_CLAIM, member.id);
  if (member && levelName(member.level) !== terms.level) {
    warn(
      `${news.label}: adopted the membership of ${terms.targetEmail}, whose level is ${levelName(member.level)}, ` +
        `not ${terms.level}. The next \`pulumi up\` changes it to ${terms.level} unless the program is changed to match.`,
    );
  }
  return member;
}

/**
 * Before a create posts: a pending invite for the address is refused, not taken over and not replaced
 * (interrupted.ts): nothing proves it is this resource's, and a POST would email the person again.
 */
async function refusePending(client: PostHogClient, org: string, news: InviteDeclaration): Promise<void> {
  const pending = await pendingInvites(client, org, [news.terms.targetEmail]);
  // Not this run's to delete either: the old name of a renamed resource must not take it with it.
  for (const invite of pending) markRefused("invite", invite.id, news.inviter.urn);
  if (pending.length > 0) throw pendingInviteError(org, pending, true, news.inviter.urn);
}

export async function create(news: InviteDeclaration): Promise<pulumi.dynamic.CreateResult> {
  const context = callContextFor(news.label, "create it");
  const { client, settings } = context;
  const org = await scopeForCreate(news.label, "organization", news.fields.organizationId, context);
  const email = news.terms.targetEmail;
  try {
    if (!news.settings.adopt) await refusePending(client, org, news);
  } catch (error) {
    // The pending invite may be another resource's of this run: said as such (invited-this-run.ts).
    refuseIfHeldByAnother(settings.host, org, [email], news.inviter);
    throw describeFailure(news.label, `invite ${email} to organization ${org}`, error);
  }
  // Before anything is sent or adopted: another resource of this run may invite this address already.
  holdAddresses(settings.host, org, [email], news.inviter);
  try {
    const adopted = news.settings.adopt ? await adoptable(client, org, news) : undefined;
    // No pending invite to adopt, and the person has joined: adopt the membership their accepted invite left.
    const member = news.settings.adopt && !adopted ? await adoptableMember(client, org, news) : undefined;
    if (member) return { id: `${MEMBER_ID_PREFIX}${member.id}`, outs: memberOutputs(member, org, news) };
    if (adopted) return { id: adopted.id, outs: inviteOutputs(adopted, org, news.settings, news.declared) };
    const invite = await post(client, settings, org, news);
    saySent(news.label, invite);
    return { id: invite.id, outs: inviteOutputs(invite, org, news.settings, news.declared) };
  } catch (error) {
    // Already a member: the goal of the invite is met. Converge to accepted instead of failing.
    if (isBadRequest(error)) {
      const member = await findMember(client, org, email).catch(() => undefined);
      if (member) {
        warn(
          `${news.label}: ${email} is already a member of organization ${org}; nothing was sent. ` +
            "The invite is recorded as accepted (destroying it never removes the member).",
        );
        return { id: `${MEMBER_ID_PREFIX}${member.id}`, outs: memberOutputs(member, org, news) };
      }
    }
    throw describeFailure(news.label, `invite ${email} to organization ${org}`, error);
  }
}

export async function read(id: string, props: Json): Promise<pulumi.dynamic.ReadResult | GoneBecause> {
  const { client } = callContext();
  const org = String(props.organizationId);
  const email = normaliseEmail(String(props.targetEmail));
  const declared = lastDeclared(props, declaredInputs(props));
  const { __provider: _p, ...previous } = props;
  try {
    if (!id.startsWith(MEMBER_ID_PREFIX)) {
      // The stored id only, never another invite with the same terms: PostHog keeps one invite per address, so
      // one that replaced ours was sent by another stack, a person or a program (ours never posts twice in a run,
      // late-create.ts), and following it would make this stack delete it on destroy.
      const invite = (await cachedInvites(client, org)).find((i) => i.id === inviteIdOf(id, previous));
      if (invite) {
        return {
          id: invite.id,
          props: inviteOutputs(invite, org, settingsOf(previous), declared),
          inputs: declared,
        };
      }
    }
    // Gone from the list: accepted only if the person is a member whom this invite brought in (acceptance.ts),
    // else deleted or replaced outside Pulumi (the seam warns that refresh removes it; the next up refuses a
    // pending invite it cannot prove its own).
    const member = await findMember(client, org, email);
    if (!member) return { id: "" };
    const unproven = unprovenMember(id, previous, member, email);
    // Used by its person, not deleted: these words only, not the seam's "deleted in PostHog".
    if (unproven)
      return {
        goneBecause: `${label(props)}: ${unproven}. Refresh removes this Invite from the state; the membership stays.`,
      };
    return { id, props: acceptedOutputs(previous, member), inputs: declared };
  } catch (error) {
    throw describeFailure(label(props), `read invite ${id}`, error);
  }
}

/**
 * The accepted person's membership takes the declared level: one PATCH when it differs from `current` (the level
 * as last read). Other terms no longer reach PostHog and are only recorded.
 */
async function applyToMember(
  news: InviteDeclaration,
  outs: Json,
  uuid: unknown,
  current: unknown,
): Promise<Json> {
  const { terms } = news;
  if (terms.level !== current) {
    const { client } = callContext();
    const org = String(outs.organizationId);
    try {
      const found = await setMemberLevel(client, org, terms.targetEmail, uuid, terms.level);
      if (found) {
        outs.userUuid = found;
        sayLevelChanged(news.label, terms.targetEmail, terms.level);
      } else
        warn(
          `${news.label}: ${terms.targetEmail} is no longer a member of organization ${org}; level not changed.`,
        );
    } catch (error) {
      throw describeFailure(news.label, `change the level of ${terms.targetEmail} to ${terms.level}`, error);
    }
  }
  for (const key of TERM_KEYS) outs[key] = terms[key];
  return outs;
}

/**
 * The terms of an invite the state shows pending (or expired) changed. PostHog cannot edit an invite, so a new one
 * is sent, which makes PostHog delete the one this resource holds (`OrganizationInviteManager`,
 * posthog/api/organization_invite.py). The resource keeps its id; `inviteId` follows the new invite.
 *
 * Only the stored id says which invite is this resource's. When it is gone, the person may have accepted since the
 * last refresh (then the membership takes the declared level: PostHog would refuse to invite a member), or a
 * pending invite replaced it: one an interrupted run of this very update sent, or another stack's, or a person's.
 * Nothing tells those apart (an invite carries no mark: interrupted.ts), so such an invite is taken only on
 * `adopt: true`, and otherwise refused with nothing sent.
 */
async function reinvite(id: string, previous: Json, news: InviteDeclaration): Promise<Json> {
  const { client, settings } = callContext();
  const org = String(previous.organizationId);
  const email = news.terms.targetEmail;
  const heldId = inviteIdOf(id, previous);
  const failure = (error: unknown) =>
    describeFailure(news.label, `invite ${email} again with the new terms`, error);
  let member: WireMember | undefined;
  holdAddresses(settings.host, org, [email], news.inviter);
  try {
    // Read just before the POST, not from a listing another call may have taken (interrupted.ts, invitesNow).
    invalidateOrganization(client, org);
    const invites = await cachedInvites(client, org);
    if (!invites.some((i) => i.id === heldId)) {
      const adopted = news.settings.adopt ? await adoptable(client, org, news) : undefined;
      if (adopted) return { ...inviteOutputs(adopted, org, news.settings, news.declared) };
      const replacing = pendingFor(invites, email);
      if (replacing) {
        markRefused("invite", replacing.id, news.inviter.urn);
        throw replacedInviteError(org, heldId, replacing);
      }
      member = await findMember(client, org, email);
      const unproven = member && unprovenMember(id, previous, member, email);
      if (unproven) throw notThisInvitesMember(news.label, unproven);
    }
    if (!member) {
      const invite = await post(client, settings, org, news);
      sayResent(news.label, invite, heldId);
      return { ...inviteOutputs(invite, org, news.settings, news.declared) };
    }
  } catch (error) {
    throw failure(error);
  }
  const accepted: Json = { ...acceptedOutputs(previous, member), ...news.settings, declared: news.declared };
  return applyToMember(news, accepted, member.user.uuid, levelName(member.level));
}

/** The update's refusal when the held invite is gone and the person joined through another invitation. */
function notThisInvitesMember(resource: string, why: string): Error {
  return new Error(
    `${why}. Nothing was sent, and their level was not changed: this resource does not manage a membership another ` +
      `invitation made. Run \`pulumi refresh\` (it removes ${resource} from the state); to manage their membership ` +
      "from this stack, declare the Invite with adopt: true after that",
  );
}

/**
 * Provider-side settings changed, the person has accepted (a changed level is PATCHed onto the membership, never
 * a new invitation), or the terms of a pending invite changed (`reinvite`).
 */
export async function update(
  id: string,
  olds: Json,
  news: InviteDeclaration,
): Promise<pulumi.dynamic.UpdateResult> {
  const { __provider: _p, ...previous } = olds;
  const outs: Json = { ...previous, ...news.settings, declared: news.declared };
  if (olds.status === "accepted") return { outs: await applyToMember(news, outs, olds.userUuid, olds.level) };
  if (changedTerms(olds, news).length > 0) return { outs: await reinvite(id, previous, news) };
  return { outs };
}

export async function remove(id: string, props: Json): Promise<void> {
  const { client } = callContext();
  const org = String(props.organizationId);
  const email = normaliseEmail(String(props.targetEmail));
  // A resource of this run that declares `adopt: true` for the address wants its invite or membership.
  const adoptedAs = [`address:${email}`];
  const removeMembership = async () => {
    // A membership another resource of this stack adopted in this run stays (ownership/claims.ts).
    const member = memberIdOf(id, props);
    if (member !== undefined && !claimForDelete(MEMBER_CLAIM, member, label(props), adoptedAs)) return;
    let removal: Removal;
    try {
      // Only the membership this resource's invite made, or the one its state names (acceptance.ts).
      removal = await removeMember(
        client,
        org,
        email,
        props.userUuid,
        (m) => !unprovenMember(id, props, m, email),
      );
    } catch (error) {
      throw describeFailure(label(props), `remove ${email} from organization ${org}`, error);
    }
    if (removal.unproven) {
      const why = unprovenMember(id, props, removal.unproven, email);
      warn(`${label(props)}: ${why}, so removeMemberOnDelete does not remove them from organization ${org}.`);
    }
  };
  if (foundAsMember(id)) {
    // No invite of this stack brought them in ("already a member; nothing was sent", an adopted or imported
    // membership): never removed, and nothing is sent (member-removal.ts).
    if (props.removeMemberOnDelete === true) warn(foundMemberKept(label(props), email, org));
    return;
  }
  if (props.status === "accepted") {
    // Accepted: the invite no longer exists. The member is removed only when asked for (offboarding as code).
    if (props.removeMemberOnDelete === true) await removeMembership();
    return;
  }
  const inviteId = inviteIdOf(id, props);
  if (!claimForDelete("invite", inviteId, label(props), adoptedAs)) return;
  try {
    await client.invites.delete(org, inviteId);
    return;
  } catch (error) {
    // 404: accepted (PostHog deletes every invite for the email when one is used, OrganizationInvite.use in
    // posthog/models/organization_invite.py), deleted outside Pulumi, or, for an expired invite being renewed,
    // replaced by the new one (create runs before delete).
    if (!isNotFound(error)) throw describeFailure(label(props), `delete invite ${inviteId}`, error);
  } finally {
    invalidateOrganization(client, org);
  }
  // State said pending, but the person may have accepted since the last refresh: with removal on, the member list
  // is asked (removeMember looks the email up; not a member is nothing to do). Not for an expired invite: it
  // cannot have been accepted, and its renewal's new invite must not cost the person a membership they have.
  if (props.status === "pending" && props.removeMemberOnDelete === true) await removeMembership();
}
export { remove as delete };
