// Deletion protection: a survey that holds responses is never deleted nor replaced unless the program says so
// (`deletionProtection: false`). What a PostHog admin expects, as Terraform's `deletion_protection` and Pulumi's
// `protect` do it, but only where there is something to lose: a survey without responses is deleted as always.
//
// Why the delete itself refuses: the engine asks no provider before a delete (`pulumi destroy`, or a resource
// removed from the program, reaches the provider as Delete alone), so the delete reads the protection from the
// declaration the last `up` stored (outputs' `declared`) and refuses before any write. Turning it off therefore
// takes an `up` (which sends PostHog nothing) before the delete, as Pulumi's own `protect` does.
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
export function protectionOff(face: Face = thisFace()): string {
  switch (face) {
    case "python":
      return "deletion_protection=False";
    case "go":
      return "DeletionProtection: pulumi.Bool(false)";
    case "dotnet":
      return "DeletionProtection = false";
    case "java":
      return ".deletionProtection(false)";
    default:
      // TypeScript, JavaScript and YAML write it so; an unknown language is shown the input's own name.
      return "deletionProtection: false";
  }
}

/** How a refusal names the survey: `Survey "<name>" (<id>)`. */
export const surveyNamed = (name: unknown, id: string): string =>
  `Survey ${JSON.stringify(typeof name === "string" ? name : "?")} (${id})`;

const responses = (count: number) => `${count} response${count === 1 ? "" : "s"}`;

/** The refusal of a delete: what is kept, why, and the way out (at most 80 words). */
export function deleteRefusal(survey: string, count: number, face?: Face): string {
  return (
    `${survey} holds ${responses(count)} and has deletion protection, so nothing was deleted. To delete it ` +
    `with its responses: set ${protectionOff(face)} on the resource (put it back in ` +
    "the program if you removed it), run pulumi up (it sends PostHog nothing), then delete it again."
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
export function uncountedRefusal(survey: string, doing: "deleted" | "replaced", why: string): string {
  const fix = keyFix(why);
  // A key PostHog refused: its fix first (set the key), the failure itself in fewer words.
  const next = fix
    ? `${fix}, then run again`
    : "Run again once PostHog answers (the count needs the key's survey:read scope)";
  return (
    `${survey} was not ${doing}: deletion protection could not count its responses ` +
    `(${briefly(why, fix ? 12 : 25)}), so it is kept: nothing was written to PostHog. ${next}, or set ` +
    `${protectionOff()} on the resource and run pulumi up first.`
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
