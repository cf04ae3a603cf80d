// Deletion protection: a survey that holds responses is never deleted nor replaced unless the program says so
// (`deletionProtection: false`). What a PostHog admin expects, as Terraform's `deletion_protection` and Pulumi's
// `protect` do it, but only where there is something to lose: a survey without responses is deleted as always.
//
// Why the delete itself refuses: the engine asks no provider before a delete (`pulumi destroy`, or a resource
// removed from the program, reaches the provider as Delete alone), so the delete reads the protection from the
// declaration the last `up` stored (outputs' `declared`), counts the responses right then (responses-held.ts: not
// the diff's count, as responses may arrive while the run creates the replacement) and refuses before any write.
//
// Its way out is the environment, not an `up`: a refused `destroy` has deleted other resources already, and an `up`
// would create them again (an invite sends a new invitation email); and a replaced survey left pending delete by
// an interrupted or refused run is deleted at the end of every later `up` (pulumi/pulumi
// pkg/resource/deploy/step_generator.go, GenerateDeletes: `res.Delete` -> NewDeleteReplacementStep), reading its
// own old state, which no program change reaches; `pulumi state delete` of its URN needs a terminal then, as the
// live resource shares it (pkg/cmd/pulumi/state/io.go, locateStackResource). Each provider process inherits the
// CLI's environment, so one variable reaches every face and process of the run.
//
// A replacement is refused earlier, in the diff, where the new declaration is known: like Pulumi's `protect`
// (pulumi/pulumi pkg/resource/deploy/step_generator.go, generateStepsFromDiff: "we do allow unprotecting and
// replacing to happen in a single update cycle", the check reads the new goal's protect), `deletionProtection:
// false` in the same change lets it go on. The old survey's delete comes at the end of the same run, reading the
// old state (still protected), and in the provider process the OLD state names: another one than the diff's when
// the change also moves the survey to another provider. So the diff's consent is a fact of the run, kept in its
// shared record (provider-kit/run-facts.ts), which the delete's process reads.
//
// This file holds no HTTP: the count is apply-side (responses-held.ts), loaded by the diff only for a replacement.
import { thisFace, type Face } from "../../ownership";
import { lastDeclared } from "../../provider-kit/declared";
import type { Json } from "../../provider-kit/json";
import { runFacts } from "../../provider-kit/run-facts";
import { inputSet } from "../../provider-kit/program-spelling";

/** Whether a declared `deletionProtection` value leaves the protection on: anything but an explicit false. */
export const protectionOn = (declared: unknown): boolean => declared !== false;

/** Whether the protection is on in the declaration the last apply stored with these outputs. */
export const storedProtectionOn = (outputs: Json): boolean =>
  protectionOn(lastDeclared(outputs).deletionProtection);

// The survey ids whose replacement a diff of this run let go on (the new declaration says false), in any of the
// run's provider processes: the delete of the replaced survey reads the old state, which still says protected.
const consented = runFacts("replacement-consent");

/** Records, for every provider process of the run, that this run's diff let `id` be replaced with its responses. */
export function consentToReplacement(id: string): void {
  consented.note(id, "deletionProtection: false");
}

/** Whether a diff of this run, in any of its provider processes, let `id` be replaced. */
export const replacementConsented = (id: string): boolean => consented.get(id) !== undefined;

/** `deletionProtection: false` as a program in `face` writes it on the resource. */
export const protectionOff = (face: Face = thisFace()): string => inputSet(face, "deletionProtection", false);

/** How a refusal names the survey: `Survey "<name>" (<id>)`. */
export const surveyNamed = (name: unknown, id: string): string =>
  `Survey ${JSON.stringify(typeof name === "string" ? name : "?")} (${id})`;

const responses = (count: number) => `${count} response${count === 1 ? "" : "s"}`;

/** The variable whose survey ids are deleted with their responses, protection or not. */
export const DELETE_WITH_RESPONSES = "POSTHOG_DELETE_WITH_RESPONSES";
/** The variable whose survey ids are left in PostHog as they are when their resource is deleted. */
export const LEAVE_IN_POSTHOG = "POSTHOG_LEAVE_IN_POSTHOG";

/** Whether the environment variable `name` lists survey `id` (ids separated by commas or spaces). */
export function listedIn(name: string, id: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return (env[name] ?? "").split(/[\s,]+/).includes(id);
}

/** The warning of a survey left as LEAVE_IN_POSTHOG asks. */
export const leftInPostHog = (survey: string) =>
  `${survey} is left in PostHog as it is (${LEAVE_IN_POSTHOG}), never deleted, and this stack no longer ` +
  "manages it.";

/** How a refusal names what the run's DELETEs removed (paths PostHog answered 2xx), at most three. */
function deletedObjects(paths: readonly string[]): string {
  const named = paths.map((p) => {
    const [kind, id] = p.split("/").filter(Boolean).slice(-2);
    return `${(kind ?? "object").replace(/s$/, "")} ${id ?? ""}`;
  });
  const shown = named.slice(0, 3).join(", ");
  return named.length > 3 ? `${shown} and ${named.length - 3} more` : shown;
}

/**
 * The refusal of a delete: what is kept and why, what this run already deleted (`deleted`, the paths of its
 * applied DELETEs) and what an `up` would send again, and the two ways out, neither of which sends anything else.
 */
export function deleteRefusal(
  survey: string,
  count: number,
  id: string,
  deleted: readonly string[] = [],
): string {
  const invites = deleted.some((p) => p.includes("/invites/"));
  const already =
    deleted.length === 0
      ? ""
      : ` This run already deleted ${deletedObjects(deleted)}; a plain pulumi up would create ` +
        `${deleted.length === 1 ? "it" : "them"} again${invites ? " (an invite sends a new invitation email)" : ""}.`;
  return (
    `${survey} holds ${responses(count)} (counted just before its delete) and has deletion protection, so it ` +
    `was not deleted.${already} To delete it with its responses, run the same command again with ` +
    `${DELETE_WITH_RESPONSES}=${id} in the environment; to keep it in PostHog and stop managing it, with ` +
    `${LEAVE_IN_POSTHOG}=${id}.`
  );
}

/** The refusal of a replacement at the diff: the input that replaces, what would be lost, the ways out. */
export function replaceRefusal(
  survey: string,
  count: number,
  inputs: readonly string[],
  face?: Face,
): string {
  const named = inputs.join(", ");
  return (
    `${survey} holds ${responses(count)}; the change of ${named} would replace it, deleting it with its ` +
    `responses, so it stops here: nothing was written to PostHog. Keep ${named} as it was, or, to ` +
    `replace it and lose its responses, set ${protectionOff(face)} on the resource in the same change.`
  );
}

/** The first sentence of a failure, in at most `most` words: the refusal around it stays within 80. */
function briefly(why: string, most: number): string {
  const first = why.split(/\.(?:\s|$)/)[0] ?? why;
  const words = first.split(/\s+/).filter(Boolean);
  return words.length > most ? `${words.slice(0, most).join(" ")} …` : words.join(" ");
}

/** The fix a failure names for the key itself (client/errors.ts, hintFor: 401 and a missing scope), if any. */
const keyFix = (why: string): string | undefined =>
  /The (?:PostHog API key is missing or invalid|personal API key lacks the scope)[^]*$/
    .exec(why)?.[0]
    .replace(/\.$/, "");

/** Why a protected survey cannot be deleted or replaced when its responses could not be counted (fail closed). */
export function uncountedRefusal(
  survey: string,
  doing: "deleted" | "replaced",
  why: string,
  id = "<survey id>",
): string {
  const fix = keyFix(why);
  // A key PostHog refused: its fix first (set the key), the failure itself in fewer words.
  const next = fix
    ? `${fix}, then run again`
    : "Run again once PostHog answers (the count needs the key's survey:read scope)";
  return (
    `${survey} was not ${doing}: deletion protection could not count its responses ` +
    `(${briefly(why, fix ? 12 : 25)}), so it is kept: nothing was written to PostHog. ${next}, or ` +
    (doing === "deleted"
      ? `run it with ${DELETE_WITH_RESPONSES}=${id} (or ${LEAVE_IN_POSTHOG}=${id}) in the environment.`
      : `set ${protectionOff()} on the resource in the same change.`)
  );
}

/** The preview's note when `deletionProtection` is not known yet and a replacement is planned. */
export function unknownProtectionNote(survey: string, inputs: readonly string[]): string {
  return (
    `${survey}: the change of ${inputs.join(", ")} replaces it, and deletionProtection is not known until the ` +
    "up: if it is not false then and the survey holds responses, the up refuses the replacement before " +
    "sending anything."
  );
}
