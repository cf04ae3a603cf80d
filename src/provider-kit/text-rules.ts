// Zod rules for texts, shared by the input rules of every resource.
import { z } from "zod";
import { stripLikeDrf } from "./normal-form";

// Blank as PostHog sees it: empty once Python's str.strip() has run (DRF's CharField, PostHog's `choice.strip()`),
// whose whitespace differs from String.prototype.trim (normal-form.ts).
// Missing and mistyped are told apart: "event name must be a string." for an event with no name at all sent
// people looking for a wrong type. `example` shows what to write (e.g. `{name: "$pageview"}`).
export const nonBlank = (what: string, example?: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? `${what} is required${example ? `, e.g. ${example}` : ""}.`
          : `${what} must be a string.`,
    })
    .refine((s) => stripLikeDrf(s).length > 0, {
      message: `${what} must not be empty.`,
    });

/**
 * DRF's CharField refuses a text holding a NUL character with this message (rest_framework/fields.py,
 * CharField.__init__ adds ProhibitNullCharactersValidator; django/core/validators.py gives its message), and
 * PostgreSQL's jsonb refuses \u0000 in the JSON fields (questions, appearance, conditions).
 */
export const NUL_MESSAGE = "Null characters are not allowed.";

/**
 * A failure for every text anywhere in `inputs` (a name, a description, a question's text, a nested setting)
 * that holds a NUL character, at its path: PostHog would refuse the request, so check refuses it first.
 */
export function nulCharacterFailures(
  inputs: Record<string, unknown>,
): { property: string; reason: string }[] {
  const failures: { property: string; reason: string }[] = [];
  const visit = (value: unknown, property: string, where: string, depth: number): void => {
    if (depth > 64) return;
    if (typeof value === "string") {
      const at = value.indexOf("\0");
      if (at >= 0) {
        failures.push({
          property,
          reason: `${where}: ${NUL_MESSAGE} (PostHog refuses them). Remove the NUL character (\\0) at position ${at}.`,
        });
      }
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, property, `${where}[${i}]`, depth + 1));
    } else if (typeof value === "object" && value !== null) {
      for (const [key, item] of Object.entries(value)) visit(item, property, `${where}.${key}`, depth + 1);
    }
  };
  for (const [key, value] of Object.entries(inputs)) visit(value, key, key, 0);
  return failures;
}
