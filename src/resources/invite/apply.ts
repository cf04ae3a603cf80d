// The Invite provider: create, read, update and delete against PostHog, loaded on first use by
// provider.ts (never in a preview); nothing here is ever serialized into state. PostHog invites have no update and no
// GET-by-id: every change of terms is a replacement, and read finds the invite in the (cached) list.
import type * as pulumi from "@pulumi/pulumi";
import { type PostHogClient, type WireInvite } from "../../client";
import { normaliseEmail } from "../../model/input/invite";
import { callContext, scopeForCreate } from "../common/context";
import { declaredInputs, lastDeclared } from "../common/declared";
import { findLateCreate } from "../common/late-create";
import { type Settings } from "../../config";
import { describeFailure, isBadRequest, isNotFound, isOutcomeUnknown } from "../common/errors";
import { cachedInvites, invalidateOrganization } from "../common/list-cache";
import { findMember, removeMember, setMemberLevel } from "./membership";
import {
  acceptedOutputs,
  differingTerms,
  isPendingInviteWith,
  inviteOutputs,
  MEMBER_ID_PREFIX,
  memberOutputs,
  settingsOf,
  termsOf,
  TERM_KEYS,
  writeBody,
} from "./mapping";
import { warn } from "../common/warn";
import { claimForDelete } from "../common/interrupted";
import { claimCreated, leftBehind } from "./interrupted";

type Json = Record<string, unknown>;

function label(inputs: Json): string {
  return `Invite "${typeof inputs.targetEmail === "string" ? inputs.targetEmail : "?"}"`;
}

/** The newest invite that is exactly the one we would create (pending, same terms). */
function matchingInvite(invites: WireInvite[], inputs: Json): WireInvite | undefined {
  const terms = termsOf(inputs);
  return invites.find((invite) => isPendingInviteWith(invite, terms));
}

/** POST once; if the answer was lost, look for the invite it would have made before ever posting again. */
async function post(
  client: PostHogClient,
  settings: Settings,
  org: string,
  inputs: Json,
): Promise<WireInvite> {
  const body = writeBody(termsOf(inputs), settingsOf(inputs).sendEmail);
  for (let attempt = 0; ; attempt++) {
    try {
      const invite = await client.invites.create(org, body);
      claimCreated([invite]);
      return invite;
    } catch (error) {
      if (!isOutcomeUnknown(error) || attempt > 0) throw error;
      // A successful POST leaves exactly one pending invite with these terms (older ones are deleted): an
      // older invite being replaced differs in its terms or is expired, so it is never mistaken for it.
      const lookup = async () => {
        invalidateOrganization(client, org);
        return matchingInvite(await cachedInvites(client, org), inputs);
      };
      const found = await findLateCreate(error, settings, lookup, Boolean);
      if (found) {
        claimCreated([found]);
        return found;
      }
      // Not there: the POST never took effect, so sending it once more cannot send a second email.
    } finally {
      invalidateOrganization(client, org);
    }
  }
}

/** `adopt: true`: the pending invite for this email, if PostHog has one (no POST, no second email). */
async function adoptable(client: PostHogClient, org: string, inputs: Json): Promise<WireInvite | undefined> {
  const email = termsOf(inputs).targetEmail;
  const pending = (await cachedInvites(client, org)).find(
    (i) => normaliseEmail(i.target_email) === email && !i.is_expired,
  );
  if (pending) {
    const differing = differingTerms(pending, termsOf(inputs));
    if (differing.length > 0) {
      warn(
        `${label(inputs)}: adopted pending invite ${pending.id}, which differs from the program in ${differing.join(", ")}. ` +
          "The next `pulumi up` replaces it (sending a new email) unless the program is changed to match.",
      );
    }
  }
  return pending;
}

/** The pending invite an interrupted run sent with exactly these terms, taken over without a second email. */
async function interruptedInvite(
  client: PostHogClient,
  org: string,
  inputs: Json,
): Promise<WireInvite | undefined> {
  const found = (await leftBehind(client, org, [inputs], (i) => isPendingInviteWith(i, termsOf(inputs)))).get(
    inputs,
  );
  if (found) {
    warn(
      `${label(inputs)}: took over pending invite ${found.id}, which an earlier run sent with the same terms and ` +
        "did not record (it was interrupted). No second invitation was sent.",
    );
  }
  return found;
}

export async function create(inputs: Json): Promise<pulumi.dynamic.CreateResult> {
  const context = callContext();
  const { client, settings } = context;
  const org = await scopeForCreate(label(inputs), "organization", inputs.organizationId, context);
  const email = termsOf(inputs).targetEmail;
  try {
    const adopted = settingsOf(inputs).adopt
      ? await adoptable(client, org, inputs)
      : await interruptedInvite(client, org, inputs);
    const invite = adopted ?? (await post(client, settings, org, inputs));
    return { id: invite.id, outs: inviteOutputs(invite, org, inputs) };
  } catch (error) {
    // Already a member: the goal of the invite is met. Converge to accepted instead of failing.
    if (isBadRequest(error)) {
      const member = await findMember(client, org, email).catch(() => undefined);
      if (member) {
        warn(
          `${label(inputs)}: ${email} is already a member of organization ${org}; nothing was sent. ` +
            "The invite is recorded as accepted (destroying it never removes the member).",
        );
        return { id: `${MEMBER_ID_PREFIX}${member.id}`, outs: memberOutputs(member, org, inputs) };
      }
    }
    throw describeFailure(label(inputs), `invite ${email} to organization ${org}`, error);
  }
}

export async function read(id: string, props: Json): Promise<pulumi.dynamic.ReadResult> {
  const { client } = callContext();
  const org = String(props.organizationId);
  const email = normaliseEmail(String(props.targetEmail));
  const declared = lastDeclared(props, declaredInputs(props));
  const { __provider: _p, ...previous } = props;
  try {
    if (!id.startsWith(MEMBER_ID_PREFIX)) {
      const invites = await cachedInvites(client, org);
      // Our id, or else the pending invite with exactly our terms that replaced it (a create that timed out
      // and landed after its retry deletes the retry's invite): take it over rather than invite again.
      const invite = invites.find((i) => i.id === id) ?? matchingInvite(invites, previous);
      if (invite) {
        return {
          id: invite.id,
          props: { ...inviteOutputs(invite, org, previous), declared },
          inputs: declared,
        };
      }
    }
    // Gone from the list: accepted if the person is now a member, else deleted outside Pulumi.
    const member = await findMember(client, org, email);
    if (!member) return { id: "" };
    return { id, props: acceptedOutputs(previous, member), inputs: declared };
  } catch (error) {
    throw describeFailure(label(props), `read invite ${id}`, error);
  }
}

/**
 * Provider-side settings changed, or the person has accepted: a changed level is PATCHed onto the membership
 * (never a new invitation); other terms no longer reach PostHog and are only recorded.
 */
export async function update(_id: string, olds: Json, news: Json): Promise<pulumi.dynamic.UpdateResult> {
  const { __provider: _p, ...previous } = olds;
  const outs: Json = { ...previous, ...settingsOf(news), declared: declaredInputs(news) };
  if (olds.status === "accepted") {
    const terms = termsOf(news);
    if (terms.level !== olds.level) {
      const { client } = callContext();
      const org = String(olds.organizationId);
      try {
        const uuid = await setMemberLevel(client, org, terms.targetEmail, olds.userUuid, terms.level);
        if (uuid) outs.userUuid = uuid;
        else
          warn(
            `${label(news)}: ${terms.targetEmail} is no longer a member of organization ${org}; level not changed.`,
          );
      } catch (error) {
        throw describeFailure(
          label(news),
          `change the level of ${terms.targetEmail} to ${terms.level}`,
          error,
        );
      }
    }
    for (const key of TERM_KEYS) outs[key] = terms[key];
  }
  return { outs };
}

export async function remove(id: string, props: Json): Promise<void> {
  const { client } = callContext();
  const org = String(props.organizationId);
  if (id.startsWith(MEMBER_ID_PREFIX) || props.status === "accepted") {
    // Accepted: the invite no longer exists. The member is removed only when asked for (offboarding as code).
    if (props.removeMemberOnDelete !== true) return;
    const email = normaliseEmail(String(props.targetEmail));
    try {
      await removeMember(client, org, email, props.userUuid);
    } catch (error) {
      throw describeFailure(label(props), `remove ${email} from organization ${org}`, error);
    }
    return;
  }
  if (!claimForDelete("invite", id, label(props))) return;
  try {
    await client.invites.delete(org, id);
  } catch (error) {
    // 404: replaced by a newer invite for the same email (create-before-delete), accepted, or deleted.
    if (isNotFound(error)) return;
    throw describeFailure(label(props), `delete invite ${id}`, error);
  } finally {
    invalidateOrganization(client, org);
  }
}
export { remove as delete };
