// Zod rules for texts, shared by the input rules of every resource.
import { z } from "zod";
import { stripLikeDrf } from "./normal-form";

// Blank as PostHog sees it: empty once Python's str.strip() has run (DRF's CharField, PostHog's `choice.strip()`),
// whose whitespace differs from String.prototype.trim (normal-form.ts).
export const nonBlank = (what: string) =>
  z.string({ error: `${what} must be a string.` }).refine((s) => stripLikeDrf(s).length > 0, {
    message: `${what} must not be empty.`,
  });
