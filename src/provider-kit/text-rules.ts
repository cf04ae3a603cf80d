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
