// The InviteBatch provider's preview calls: check and diff. They load no HTTP client; see batch-provider.ts.
import type * as pulumi from "@pulumi/pulumi";
import { normaliseEmail, normaliseTexts, validateBatchInputs } from "./inputs";
import { deepEqualLoose } from "../../provider-kit/equality";
import { changedPersonTerms, planBatch } from "./batch-mapping";
import { reinviteWarning } from "./reinvite-warning";
import { previewNotice } from "../../provider-kit/preview-notice";
import type { InviteBatchDeclaration } from "./batch-declaration";
import { foundAsMember, foundMemberKept, memberRemovalWarning, ownerRemovalRefused } from "./member-removal";
import { warn } from "../../provider-kit/warn";
import { placementReplaces } from "../../provider-kit/placement";
import { providerSetting } from "../../config";
import type { AppliedPerson, InviteBatchOutputs } from "./types";

import { isRecord, type Json } from "../../provider-kit/json";
import { storedBatch } from "./stored";

export async function check(_olds: Json, news: InviteBatchDeclaration): Promise<pulumi.dynamic.CheckResult> {
  return checkInviteBatch(news);
}

/** What check decides: the failures, or the inputs it passes on (also behind the public validateInviteBatch). */
export function checkInviteBatch(news: InviteBatchDeclaration): pulumi.dynamic.CheckResult {
  // Validated as PostHog will read it: trimmed texts (a 30-character first name may come with spaces).
  const inputs = normaliseTexts(news.inputs);
  if (Array.isArray(inputs.invites))
    inputs.invites = inputs.invites.map((person: unknown) =>
      isRecord(person) ? normaliseTexts(person) : person,
    );
  const failures = validateBatchInputs(inputs);
  if (failures.length > 0) return { inputs: news.inputs, failures };
  if (Array.isArray(inputs.invites)) {
    inputs.invites = inputs.invites.map((person: unknown) =>
      isRecord(person) && typeof person.targetEmail === "string"
        ? { ...person, targetEmail: normaliseEmail(person.targetEmail) }
        : person,
    );
  }
  return { inputs };
}

export async function diff(
  id: string,
  olds: Json,
  news: InviteBatchDeclaration,
): Promise<pulumi.dynamic.DiffResult> {
  // Only the batch's own organizationId moves it; a config change never replaces it (provider-kit/placement.ts).
  const recorded = String(olds.organizationId);
  const at = { kind: "organization", organization: recorded, id } as const;
  const replaces = await placementReplaces(
    "organization",
    news.label,
    "batch",
    news.fields.organizationId,
    at,
    // A batch cannot adopt: set back, its create meets the invites it left pending there and refuses them.
    (before) =>
      `To keep managing its people there, set ${providerSetting("host")} back to ${before}: a batch cannot adopt, ` +
      "so the up refuses any of their invites still pending there, naming each and the ways out.",
  );
  if (news.unknown.has("invites")) return { changes: true, replaces, deleteBeforeReplace: false };
  const previous = storedBatch(olds);
  const plan = planBatch(previous, news);
  announceMemberRemovals(previous, plan.removeMember);
  announceReinvites(previous, plan.invite, news.inviter.urn);
  const { settings } = news;
  const changes =
    replaces.length > 0 ||
    plan.invite.length > 0 ||
    plan.uninvite.length > 0 ||
    plan.relevel.length > 0 ||
    !deepEqualLoose(news.people, previous.invites ?? []) ||
    // Not known yet in a preview: may change (the declaration reads it as the default).
    news.unknown.has("message") ||
    news.unknown.has("sendEmail") ||
    news.unknown.has("removeMemberOnDelete") ||
    settings.message !== (previous.message ?? null) ||
    settings.sendEmail !== (previous.sendEmail ?? true) ||
    settings.removeMemberOnDelete !== (previous.removeMemberOnDelete ?? false);
  return { changes, replaces, deleteBeforeReplace: false };
}

/**
 * A person whose pending invite the batch holds and whose terms changed gets a new invitation in place of it, as an
 * Invite does (batch-apply.ts, `update`); whether they have accepted since is known only at `up`.
 */
function announceReinvites(
  previous: Partial<InviteBatchOutputs>,
  invited: AppliedPerson[],
  urn: string | undefined,
): void {
  for (const person of invited) {
    const email = person.targetEmail;
    const before = previous.invites?.find((p) => p.targetEmail === email);
    const held = previous.invitations?.[email];
    if (!before || !held || held.status === "accepted") continue;
    const changed = changedPersonTerms(before, person);
    // In the preview only, once (provider-kit/preview-notice.ts); the up says what it did (batch-apply.ts).
    if (changed.length > 0)
      previewNotice(urn, reinviteWarning("InviteBatch", `${email}'s ${changed.join(", ")}`, email));
  }
}

/**
 * Names every member this update removes from the organization, so the preview cannot be misread as "uninvite";
 * an owner (as state last saw them) fails the preview with PostHog's refusal instead.
 */
function announceMemberRemovals(previous: Partial<InviteBatchOutputs>, emails: string[]): void {
  const organization = String(previous.organizationId);
  // A member no invite of this batch brought in is never removed; the up says so (member-removal.ts).
  const members = emails.filter((email) => {
    const held = previous.invitations?.[email];
    return held?.status === "accepted" && !foundAsMember(held.inviteId);
  });
  for (const email of emails.filter((e) => foundAsMember(previous.invitations?.[e]?.inviteId ?? "")))
    warn(foundMemberKept("InviteBatch", email, organization));
  for (const email of members) {
    const held = previous.invites?.find((p) => p.targetEmail === email);
    if (held?.level === "owner") throw ownerRemovalRefused("InviteBatch", email);
  }
  for (const email of members) warn(memberRemovalWarning("InviteBatch", email, organization));
}
