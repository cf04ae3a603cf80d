// The Invite provider's preview calls: check and diff. They load no HTTP client; see provider.ts.
import type * as pulumi from "@pulumi/pulumi";
import { providerSetting, resolveSettings } from "../../config";
import { normaliseEmail, normaliseTexts, validateInviteInputs } from "./inputs";
import { changedTerms, inviteDiff } from "./mapping";
import { settingsOf, type InviteDeclaration } from "./declaration";
import { placementReplaces } from "../../provider-kit/placement";
import {
  foundAsMember,
  foundMemberKept,
  memberRemovalArmedWarning,
  memberRemovalWarning,
  ownerRemovalRefused,
} from "./member-removal";
import { warn } from "../../provider-kit/warn";
import { reinviteWarning } from "./reinvite-warning";
import { previewNotice } from "../../provider-kit/preview-notice";
import { adoptSetting, adoptionWarning, isCreate, holdForRun, markWanted, thisFace } from "../../ownership";
import { heldInvite } from "./held";

import type { Json } from "../../provider-kit/json";

export async function check(olds: Json, news: InviteDeclaration): Promise<pulumi.dynamic.CheckResult> {
  const result = checkInvite(news);
  const email = result.inputs?.targetEmail;
  if (!result.failures?.length && isCreate(olds) && news.settings.adopt && typeof email === "string") {
    const existing = `the invite or membership PostHog holds for ${email}`;
    warn(adoptionWarning(`Invite "${email}"`, existing, "sending an invitation"));
    // No resource leaving the stack deletes what this one adopts, even if its create fails (ownership/claims.ts).
    markWanted("invite", `address:${email}`, news.inviter.urn);
  }
  // Off with the preview's requests (`checkKeyAndHost: false`): then clash-preview.ts, which loads the HTTP client,
  // is not loaded either.
  if (
    !result.failures?.length &&
    isCreate(olds) &&
    !news.settings.adopt &&
    resolveSettings().checkKeyAndHost
  ) {
    // A pending invite for the address: `up` refuses it; said here first (clash-preview.ts makes requests).
    const { clashAtPreview } = require("./clash-preview") as typeof import("./clash-preview");
    const clash = await clashAtPreview(news).catch(() => undefined);
    if (clash) warn(clash);
  }
  return result;
}

/** What check decides: the failures, or the inputs it passes on (also behind the public validateInvite). */
export function checkInvite(news: InviteDeclaration): pulumi.dynamic.CheckResult {
  // Validated as PostHog will read it: trimmed texts (a 30-character first name may come with spaces).
  const inputs = normaliseTexts(news.inputs);
  const failures = validateInviteInputs(inputs);
  if (failures.length > 0) return { inputs: news.inputs, failures };
  // PostHog stores the address lowercased: so do we, so Alice@Example.com never diffs against it.
  if (typeof inputs.targetEmail === "string") inputs.targetEmail = normaliseEmail(inputs.targetEmail);
  return { inputs };
}

/**
 * The way back to an invite a move left at the old host. Set back alone, the create there meets the invite pending
 * for the address, which it cannot prove this resource's (its state now holds the new one), and refuses; with
 * `adopt: true` it takes that invite instead of sending another (apply.ts, adoptable).
 */
const wayBack =
  (id: string) =>
  (before: string): string =>
    `To keep managing it, set ${providerSetting("host")} back to ${before} and declare ` +
    `${adoptSetting(true, thisFace())} on this resource: the up then takes invite ${id} over instead of sending ` +
    "another invitation.";

export async function diff(
  id: string,
  olds: Json,
  news: InviteDeclaration,
): Promise<pulumi.dynamic.DiffResult> {
  // Only the invite's own organizationId moves it; a config change never replaces it (provider-kit/placement.ts).
  const own = news.fields.organizationId;
  const recorded = String(olds.organizationId);
  const at = { kind: "organization", organization: recorded, id } as const;
  const placed = await placementReplaces("organization", news.label, "invite", own, at, wayBack(id));
  const { changes, replaces } = inviteDiff(
    olds,
    news,
    placed.includes("organizationId") ? String(own) : recorded,
  );
  // Another PostHog: created anew there, the old invite left (its delete sends nothing, so removes no member).
  const host = placed.filter((key) => key === "host");
  if (olds.status === "accepted") announceMemberRemoval(id, olds, news, replaces.length > 0);
  else if (replaces.length === 0 && host.length === 0) announceReinvite(olds, news);
  // Kept through this run: no resource leaving the stack deletes it (ownership/claims.ts).
  const held = replaces.length === 0 && host.length === 0 ? heldInvite(id, olds) : undefined;
  if (held) holdForRun("invite", held, news.inviter.urn);
  return {
    changes: changes || host.length > 0,
    replaces: [...replaces, ...host],
    deleteBeforeReplace: false,
  };
}

/**
 * A member is removed only when the resource goes (deleted, or replaced: another person or organization). The
 * engine asks the provider nothing before a delete, so the warning is printed when removal is armed (the setting
 * turned on) and when this step's replacement removes the member; an owner's removal fails here, as PostHog would.
 */
function announceMemberRemoval(id: string, olds: Json, news: InviteDeclaration, replacing: boolean): void {
  const removing = replacing && settingsOf(olds).removeMemberOnDelete;
  const arming = news.settings.removeMemberOnDelete && !settingsOf(olds).removeMemberOnDelete;
  const who = `Invite "${String(olds.targetEmail)}"`;
  if (foundAsMember(id)) {
    // Never removed (member-removal.ts): said instead of a removal the delete would not make.
    if (removing || arming) warn(foundMemberKept(who, String(olds.targetEmail), String(olds.organizationId)));
    return;
  }
  if (removing && olds.level === "owner") throw ownerRemovalRefused(who, String(olds.targetEmail));
  if (removing) warn(memberRemovalWarning(who, String(olds.targetEmail), String(olds.organizationId)));
  else if (arming)
    warn(memberRemovalArmedWarning(who, String(olds.targetEmail), String(olds.organizationId)));
}

/**
 * State says pending, so whether the person has accepted since is known only at `up` (a preview sends no request).
 * The preview shows an update and says both outcomes: a new invitation if still pending, a PATCH of the
 * membership's level if accepted.
 */
function announceReinvite(olds: Json, news: InviteDeclaration): void {
  const terms = changedTerms(olds, news);
  if (terms.length === 0) return;
  const email = String(olds.targetEmail);
  // In the preview only, once (provider-kit/preview-notice.ts); the up says what it did (apply.ts).
  previewNotice(news.inviter.urn, reinviteWarning(`Invite "${email}"`, terms.join(", "), email));
}
