// The InviteBatch provider: many people invited with PostHog's bulk endpoint (at most 20 per call). Every
// invite that exists is kept in state even when a later chunk fails (the error carries the id and the
// partial outputs), so the next `pulumi up` invites only the rest and nobody gets a second email.
import { randomUUID } from "node:crypto";
import type * as pulumi from "@pulumi/pulumi";
import { MAX_BULK_INVITES, type PostHogClient, type WireInvite, type WireMember } from "../../client";
import { normaliseEmail } from "./inputs";
import { callContext, callContextFor, scopeForCreate } from "../../provider-kit/context";
import { findLateCreate, claimForDelete } from "../../ownership";
import { describeFailure, isBadRequest, isNotFound, isOutcomeUnknown } from "../../provider-kit/errors";
import { resourceInitError } from "../../provider-kit/init-error";
import { cachedInvites, cachedMembers, invalidateOrganization } from "../../provider-kit/list-cache";
import type { InviteBatchDeclaration } from "./batch-declaration";
import { invitationOf, isInviteFor, personBody, planBatch, removesMember } from "./batch-mapping";
import { levelName, MEMBER_ID_PREFIX, memberEmail } from "./mapping";
import { removeMember, setMemberLevel, type Removal } from "./membership";
import { unprovenBatchMember } from "./acceptance";
import { foundAsMember, foundMemberKept } from "./member-removal";
import { sayBatchSent, sayLevelChanged } from "./outcome";
import type { AppliedPerson, BatchInvitation, InviteBatchOutputs, InviteLevel } from "./types";
import { warn } from "../../provider-kit/warn";
import { claimCreated, pendingInviteError, pendingInvites, warnIfReplaced } from "./interrupted";
import { holdAddresses, refuseIfHeldByAnother } from "./invited-this-run";
import type { Inviter } from "./inviter";

import { errorMessage, type Json } from "../../provider-kit/json";
import { storedBatch } from "./stored";

const LABEL = "InviteBatch";

/** One person of the batch as held: as last applied, and where their invitation stands. */
interface Held {
  person?: AppliedPerson;
  invitation?: BatchInvitation;
}

/** What the batch holds while it is being applied; `outputs()` is what goes into state, even on failure. */
class BatchState {
  /** Per lowercased email: one map, so a person and their invitation are kept and dropped together. */
  private readonly held = new Map<string, Held>();

  /** The invitations this step's bulk POSTs made, said once the step is done (outcome.ts). */
  readonly sent: WireInvite[] = [];

  constructor(
    readonly organizationId: string,
    public message: string | null,
    public sendEmail: boolean,
    public removeMemberOnDelete: boolean,
  ) {}

  static from(outputs: Json): BatchState {
    const previous = storedBatch(outputs);
    const state = new BatchState(
      String(previous.organizationId),
      previous.message ?? null,
      previous.sendEmail ?? true,
      previous.removeMemberOnDelete ?? false,
    );
    for (const person of previous.invites ?? []) state.entry(person.targetEmail).person = person;
    for (const [email, invitation] of Object.entries(previous.invitations ?? {}))
      state.entry(email).invitation = invitation;
    return state;
  }

  private entry(email: string): Held {
    let held = this.held.get(email);
    if (!held) this.held.set(email, (held = {}));
    return held;
  }

  person(email: string): AppliedPerson | undefined {
    return this.held.get(email)?.person;
  }

  invitation(email: string): BatchInvitation | undefined {
    return this.held.get(email)?.invitation;
  }

  /** The people who have an invitation (invited, or found to be members). */
  invited(): [string, BatchInvitation][] {
    return [...this.held].flatMap<[string, BatchInvitation]>(([email, h]) =>
      h.invitation ? [[email, h.invitation]] : [],
    );
  }

  /** A person kept as declared now (their invitation stays as it is). */
  keep(person: AppliedPerson): void {
    this.entry(person.targetEmail).person = person;
  }

  setInvitation(email: string, invitation: BatchInvitation): void {
    this.entry(email).invitation = invitation;
  }

  record(person: AppliedPerson, invitation: BatchInvitation): void {
    this.held.set(person.targetEmail, { person, invitation });
  }

  forget(email: string): void {
    this.held.delete(email);
  }

  /** People in declaration order, then any not declared any more but still held (e.g. a failed delete). */
  outputs(order: AppliedPerson[] = []): InviteBatchOutputs & Json {
    const invites: AppliedPerson[] = [];
    const invitations: Record<string, BatchInvitation> = {};
    for (const email of [...order.map((p) => p.targetEmail), ...this.held.keys()]) {
      const { person, invitation } = this.held.get(email) ?? {};
      if (person && invitation && !(email in invitations)) {
        invites.push(person);
        invitations[email] = invitation;
      }
    }
    return {
      organizationId: this.organizationId,
      message: this.message,
      sendEmail: this.sendEmail,
      removeMemberOnDelete: this.removeMemberOnDelete,
      invites,
      invitations,
    };
  }
}

/** What a bulk call tells about one person: their invitation, and for an existing member the level they have. */
type Invited = BatchInvitation & { memberLevel?: InviteLevel };

function memberInvitation(member: WireMember): Invited {
  return {
    memberLevel: levelName(member.level),
    inviteId: `${MEMBER_ID_PREFIX}${member.id}`,
    status: "accepted",
    isExpired: false,
    userUuid: member.user.uuid,
    memberId: member.id,
  };
}

async function bulk(
  client: PostHogClient,
  state: BatchState,
  people: AppliedPerson[],
): Promise<Map<string, BatchInvitation>> {
  const created = await client.invites.bulkCreate(
    state.organizationId,
    people.map((p) => personBody(p, state.message, state.sendEmail)),
  );
  claimCreated(created);
  state.sent.push(...created);
  await warnIfReplaced(client, state.organizationId, LABEL, created);
  const result = new Map<string, BatchInvitation>();
  created.forEach((invite, i) => {
    result.set(normaliseEmail(invite.target_email ?? people[i].targetEmail), invitationOf(invite));
  });
  return result;
}

/**
 * One bulk call. A lost answer is recovered by listing, never by a second POST (late-create.ts): the people found
 * invited are recorded in `state` before the failure for the rest is reported. A 400 caused by people who are
 * already members is retried without them (they are recorded as accepted; PostHog validates the whole batch
 * before creating anything, so that 400 applied nothing).
 */
async function inviteChunk(
  client: PostHogClient,
  state: BatchState,
  chunk: AppliedPerson[],
): Promise<Map<string, Invited>> {
  const org = state.organizationId;
  const startedAt = Date.now();
  try {
    return await bulk(client, state, chunk);
  } catch (error) {
    const result = new Map<string, Invited>();
    invalidateOrganization(client, org);
    if (isOutcomeUnknown(error)) {
      const lookup = async () => {
        invalidateOrganization(client, org);
        return cachedInvites(client, org);
      };
      const invitedNow = (invites: WireInvite[]) =>
        chunk.filter((p) => invites.some((i) => isInviteFor(i, p)));
      const everyoneInvited = (invites: WireInvite[]) => invitedNow(invites).length === chunk.length;
      let invites: WireInvite[] = [];
      try {
        invites = await findLateCreate(error, callContext().settings, startedAt, lookup, everyoneInvited);
      } catch (notFound) {
        // Some may have landed: record them, so the next up neither loses nor re-invites them.
        const seen = await lookup().catch(() => []);
        for (const person of invitedNow(seen)) {
          const found = seen.find((i) => isInviteFor(i, person));
          if (found) state.record(person, invitationOf(found));
        }
        throw notFound;
      }
      for (const person of chunk) {
        const found = invites.find((i) => isInviteFor(i, person));
        if (found) {
          claimCreated([found]);
          result.set(person.targetEmail, invitationOf(found));
        }
      }
      return result;
    }
    if (!isBadRequest(error)) throw error;
    const members = new Map((await cachedMembers(client, org)).map((m) => [memberEmail(m), m]));
    const rest = chunk.filter((person) => {
      const member = members.get(person.targetEmail);
      if (member) result.set(person.targetEmail, memberInvitation(member));
      return !member;
    });
    if (result.size === 0) throw error;
    warn(
      `${LABEL}: already members of organization ${org}, recorded as accepted and not invited: ${[...result.keys()].join(", ")} ` +
        "(no invite of this batch brought them in, so dropping them or deleting the batch never removes them).",
    );
    if (rest.length > 0)
      for (const [email, invitation] of await bulk(client, state, rest)) result.set(email, invitation);
    return result;
  } finally {
    invalidateOrganization(client, org);
  }
}

/**
 * Before posting: people who already have a pending invite are refused, none taken over and none invited again
 * (interrupted.ts): nothing proves the invite is this batch's, and a POST would email them a second time. The
 * invite the batch's state holds for a person is its own, by its id: a person whose terms changed is invited
 * again, and PostHog replaces that invite with the new one (as an Invite's update does).
 */
async function refusePending(
  client: PostHogClient,
  state: BatchState,
  people: AppliedPerson[],
): Promise<void> {
  const own = new Set(people.flatMap((p) => state.invitation(p.targetEmail)?.inviteId ?? []));
  const pending = await pendingInvites(
    client,
    state.organizationId,
    people.map((p) => p.targetEmail),
    own,
  );
  if (pending.length > 0) throw pendingInviteError(state.organizationId, pending, false);
}

/** Invites `people` in chunks of 20, recording each chunk as it succeeds. Throws at the first failed chunk. */
async function inviteAll(
  client: PostHogClient,
  state: BatchState,
  declared: AppliedPerson[],
  inviter: Inviter,
): Promise<void> {
  const people = declared;
  // People whose pending invite the batch held: their new invitation replaces it.
  const resent = new Set(
    people.flatMap((p) => {
      const held = state.invitation(p.targetEmail);
      return held && !isMember(held) ? [p.targetEmail] : [];
    }),
  );
  try {
    await sendAll(client, state, people, inviter);
  } finally {
    if (state.sent.length > 0) sayBatchSent(inviter.name, state.sent, resent);
  }
}

async function sendAll(
  client: PostHogClient,
  state: BatchState,
  people: AppliedPerson[],
  inviter: Inviter,
): Promise<void> {
  try {
    if (people.length === 0) return;
    const host = callContext().settings.host;
    const emails = people.map((p) => p.targetEmail);
    try {
      await refusePending(client, state, people);
    } catch (error) {
      // A pending invite may be another resource's of this run: said as such (invited-this-run.ts).
      refuseIfHeldByAnother(host, state.organizationId, emails, inviter);
      throw error;
    }
    // Before anything is sent: another resource of this run may invite some of these addresses already.
    holdAddresses(host, state.organizationId, emails, inviter);
  } catch (error) {
    throw describeFailure(LABEL, "invite them", error);
  }
  const chunks: AppliedPerson[][] = [];
  for (let i = 0; i < people.length; i += MAX_BULK_INVITES)
    chunks.push(people.slice(i, i + MAX_BULK_INVITES));
  for (const [index, chunk] of chunks.entries()) {
    let created: Map<string, Invited>;
    try {
      created = await inviteChunk(client, state, chunk);
    } catch (error) {
      const done = chunks.slice(0, index).reduce((n, c) => n + c.length, 0);
      const emails = chunk.map((p) => p.targetEmail);
      const who =
        emails.length > 3
          ? `${emails.slice(0, 3).join(", ")} and ${emails.length - 3} more`
          : emails.join(", ");
      const kept =
        done > 0
          ? `; the ${done} people invited before it are kept in state, and the next \`pulumi up\` invites only the rest`
          : "";
      throw describeFailure(LABEL, `invite chunk ${index + 1} of ${chunks.length} (${who})${kept}`, error);
    }
    for (const person of chunk) {
      const invitation = created.get(person.targetEmail);
      if (!invitation) continue;
      // Already a member: recorded with the level they have, so a different declared level shows as a change.
      const { memberLevel, ...held } = invitation;
      state.record(memberLevel ? { ...person, level: memberLevel } : person, held);
    }
  }
}

function isMember(invitation: BatchInvitation): boolean {
  return invitation.status === "accepted" || invitation.inviteId.startsWith(MEMBER_ID_PREFIX);
}

/**
 * Takes one person out of the batch: deletes their pending invite (404: already gone), and, when `membership`
 * is set, their membership too. An invite that is gone may have been accepted since the last refresh, so then
 * the member list is asked.
 */
async function uninvite(
  client: PostHogClient,
  state: BatchState,
  email: string,
  membership: boolean,
): Promise<void> {
  const org = state.organizationId;
  const invitation = state.invitation(email);
  let memberMayExist = invitation !== undefined && isMember(invitation);
  if (
    invitation &&
    !isMember(invitation) &&
    claimForDelete("invite", invitation.inviteId, LABEL, [`address:${email}`])
  ) {
    try {
      await client.invites.delete(org, invitation.inviteId);
    } catch (error) {
      if (!isNotFound(error)) throw describeFailure(LABEL, `delete the invite for ${email}`, error);
      memberMayExist = true;
    } finally {
      invalidateOrganization(client, org);
    }
  }
  if (membership && invitation && foundAsMember(invitation.inviteId)) {
    // No invite of this batch brought them in: never removed, nothing sent (member-removal.ts).
    warn(foundMemberKept(LABEL, email, org));
  } else if (membership && memberMayExist && invitation) {
    let removal: Removal;
    try {
      // Only the membership this batch's invite made, or the one its state names (acceptance.ts).
      removal = await removeMember(
        client,
        org,
        email,
        invitation.userUuid,
        (m) => !unprovenBatchMember(invitation, m, email),
      );
    } catch (error) {
      throw describeFailure(LABEL, `remove ${email} from organization ${org}`, error);
    }
    if (removal.unproven) {
      const why = unprovenBatchMember(invitation, removal.unproven, email);
      warn(`${LABEL}: ${why}, so removeMemberOnDelete does not remove them from organization ${org}.`);
    }
  }
  state.forget(email);
}

/** PATCHes an accepted person's level; recorded once PostHog has applied it. */
async function relevel(
  client: PostHogClient,
  state: BatchState,
  person: AppliedPerson,
  resource: string,
): Promise<void> {
  const email = person.targetEmail;
  const invitation = state.invitation(email);
  let uuid: string | undefined;
  try {
    uuid = await setMemberLevel(client, state.organizationId, email, invitation?.userUuid, person.level);
  } catch (error) {
    throw describeFailure(LABEL, `change the level of ${email} to ${person.level}`, error);
  }
  if (!uuid) {
    // No longer a member (removed in PostHog): the next refresh drops them and the up after invites them again.
    warn(
      `${LABEL}: ${email} is no longer a member of organization ${state.organizationId}; level not changed.`,
    );
    return;
  }
  state.keep(person);
  if (invitation) state.setInvitation(email, { ...invitation, userUuid: uuid });
  sayLevelChanged(resource, email, person.level);
}

export async function create(news: InviteBatchDeclaration): Promise<pulumi.dynamic.CreateResult> {
  const context = callContextFor(LABEL, "create it");
  const { client } = context;
  const org = await scopeForCreate(LABEL, "organization", news.fields.organizationId, context);
  const id = `batch-${randomUUID()}`;
  const { message, sendEmail, removeMemberOnDelete } = news.settings;
  const state = new BatchState(org, message, sendEmail, removeMemberOnDelete);
  const people = news.people;
  try {
    await inviteAll(client, state, people, news.inviter);
  } catch (error) {
    // Nothing exists yet: a plain failure. Otherwise the batch goes into state with what was invited.
    if (state.invited().length === 0) throw error;
    throw resourceInitError(errorMessage(error), id, state.outputs(people), news.inputs);
  }
  return { id, outs: state.outputs(people) };
}

export async function update(
  id: string,
  olds: Json,
  news: InviteBatchDeclaration,
): Promise<pulumi.dynamic.UpdateResult> {
  const { client } = callContext();
  const state = BatchState.from(olds);
  const plan = planBatch(storedBatch(olds), news);
  const people = news.people;
  state.message = news.settings.message;
  state.sendEmail = news.settings.sendEmail;
  state.removeMemberOnDelete = news.settings.removeMemberOnDelete;
  for (const person of plan.keep) state.keep(person);
  try {
    for (const email of plan.uninvite)
      await uninvite(client, state, email, plan.removeMember.includes(email));
    for (const person of plan.relevel) await relevel(client, state, person, news.inviter.name);
    await inviteAll(client, state, plan.invite, news.inviter);
    // People who had joined since the last refresh were found to be members: their level is PATCHed as declared.
    for (const person of plan.invite) {
      const held = state.person(person.targetEmail);
      if (held && held.level !== person.level && state.invitation(person.targetEmail)?.status === "accepted")
        await relevel(client, state, person, news.inviter.name);
    }
  } catch (error) {
    throw resourceInitError(errorMessage(error), id, state.outputs(people), news.inputs);
  }
  return { outs: state.outputs(people) };
}

export async function read(id: string, props: Json): Promise<pulumi.dynamic.ReadResult> {
  const { client } = callContext();
  const state = BatchState.from(props);
  const org = state.organizationId;
  try {
    const invites = new Map((await cachedInvites(client, org)).map((i) => [i.id, i]));
    let members: Map<string, WireMember> | undefined;
    const memberOf = async (email: string) => {
      members ??= new Map((await cachedMembers(client, org)).map((m) => [memberEmail(m), m]));
      return members.get(email);
    };
    for (const [email, invitation] of state.invited()) {
      const person = state.person(email);
      // The stored id only, never another invite with this person's terms (apply.ts, `read`).
      const invite = invites.get(invitation.inviteId);
      if (invite) {
        state.setInvitation(email, invitationOf(invite));
        continue;
      }
      const member = await memberOf(email);
      if (member && !isMember(invitation) && invitation.createdAt === undefined) {
        // An older version recorded no creation time (stored.ts): that gap is no proof that another invitation
        // brought them in, nor that this batch's did. Kept as a member (so the next up sends no invitation), in
        // the form no removal reads as this batch's (member-removal.ts, foundAsMember).
        warn(keptWithoutCreationTime(id, email, invitation.inviteId, org));
        const { memberLevel: _level, ...held } = memberInvitation(member);
        state.setInvitation(email, held);
        if (person) state.keep({ ...person, level: levelName(member.level) });
        continue;
      }
      // A member counts only when this batch's invite brought them in (acceptance.ts).
      const unproven = member && unprovenBatchMember(invitation, member, email);
      if (!member || unproven) {
        // Deleted or replaced outside Pulumi: the next up invites them again, or refuses a pending invite it
        // cannot prove its own.
        warn(droppedPerson(id, email, invitation, unproven || undefined));
        state.forget(email);
        continue;
      }
      // A member: the level they have now, so a change made in PostHog's UI shows as drift.
      state.setInvitation(email, {
        ...invitation,
        status: "accepted",
        isExpired: false,
        userUuid: member.user.uuid,
        memberId: member.id,
      });
      if (person) state.keep({ ...person, level: levelName(member.level) });
    }
  } catch (error) {
    throw describeFailure(LABEL, `read batch ${id}`, error);
  }
  return { id, props: state.outputs() };
}

/** What a refresh says of an older version's entry it keeps as a member (batch-apply.ts, `read`). */
function keptWithoutCreationTime(id: string, email: string, inviteId: string, org: string): string {
  return (
    `${LABEL} ${id}: PostHog has no invite ${inviteId} for ${email} any more and ${email} is a member of ` +
    `organization ${org}; the state (from an earlier version) has no creation time for that invite, so refresh ` +
    "keeps them as accepted (the next `pulumi up` sends them nothing). No invite of this batch is proven to have " +
    "brought them in, so removeMemberOnDelete never removes them."
  );
}

/** Why a refresh takes a person out of the batch's state (the batch stays, so the seam says nothing). */
function droppedPerson(id: string, email: string, invitation: BatchInvitation, unproven?: string): string {
  const gone = unproven
    ? isMember(invitation)
      ? unproven
      : `PostHog has no invite ${invitation.inviteId} for ${email} any more, and ${unproven}`
    : isMember(invitation)
      ? `${email} is no longer a member`
      : `PostHog has no invite ${invitation.inviteId} for ${email} any more (deleted or replaced in PostHog), and ${email} is not a member`;
  return (
    `${LABEL} ${id}: ${gone}, so refresh removes them from the batch's state. The next \`pulumi up\` invites them ` +
    "again if the program still declares them (unless PostHog holds a pending invite for them that this batch did " +
    "not send: then it says so and sends nothing)."
  );
}

export async function remove(id: string, props: Json): Promise<void> {
  const { client } = callContext();
  const state = BatchState.from(props);
  const failures: string[] = [];
  const emails = state.invited().map(([email]) => email);
  // A few deletes at a time: the client paces the process anyway.
  for (let i = 0; i < emails.length; i += 5) {
    await Promise.all(
      emails.slice(i, i + 5).map((email) =>
        uninvite(client, state, email, removesMember(state.person(email), state.removeMemberOnDelete)).catch(
          (error: Error) => {
            failures.push(error.message);
          },
        ),
      ),
    );
  }
  if (failures.length > 0) {
    throw new Error(
      `${LABEL} ${id}: ${failures.length} person(s) could not be removed: ${failures.join("; ")}`,
    );
  }
}
export { remove as delete };
