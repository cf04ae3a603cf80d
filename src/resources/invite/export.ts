// A pending invite as PostHog has it -> the Invite arguments that declare it, defaults left out.
import type { WireInvite } from "../../client";
import { validateInviteInputs } from "./inputs";
import { termsOfInvite } from "./mapping";
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
