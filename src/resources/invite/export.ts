// A pending invite, or a member who accepted one, as PostHog has it -> the Invite arguments that declare it,
// defaults left out.
import type { WireInvite, WireMember } from "../../client";
import { validateInviteInputs } from "./inputs";
import { levelName, memberEmail, termsOfInvite } from "./mapping";
import type { Literal } from "../../provider-kit/literal";

export interface ExportedInvite {
  args: { [key: string]: Literal };
  skipped: string[];
}

export function inviteArgs(invite: WireInvite): ExportedInvite {
  const terms = termsOfInvite(invite);
  const args: { [key: string]: Literal } = { targetEmail: terms.targetEmail };
  if (terms.firstName) args.firstName = terms.firstName;
  if (terms.message) args.message = terms.message;
  if (terms.level !== "member") args.level = terms.level;
  if (terms.privateProjectAccess.length > 0) {
    args.privateProjectAccess = terms.privateProjectAccess.map((p) => ({ id: p.id, level: p.level }));
  }
  const skipped: string[] = [];
  for (const failure of validateInviteInputs(args)) {
    const field = failure.property.split(/[.[]/)[0];
    if (field === "targetEmail" || !(field in args)) continue;
    delete args[field];
    skipped.push(`${field}: ${failure.reason}`);
  }
  return { args, skipped };
}

/**
 * A member -> the Invite that adopts their membership (apply.ts, create with `adopt`): the email and the level.
 * Once accepted, the invite's other terms no longer reach PostHog, so they are left out.
 */
export function memberArgs(member: WireMember): ExportedInvite {
  const args: { [key: string]: Literal } = { targetEmail: memberEmail(member) };
  const level = levelName(member.level);
  if (level !== "member") args.level = level;
  return { args, skipped: [] };
}
