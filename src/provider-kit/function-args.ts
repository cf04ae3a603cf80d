// A data function's arguments, checked by the rules the catalogue documents them with (and the plugin's schema
// declares), before any request: `getSurvey({id: {a: 1}})` is refused by name instead of asking PostHog for
// `/surveys/%5Bobject%20Object%5D/`. The same check runs on both faces: a program's call and a plugin invoke.
import { z } from "zod";
import { failuresFromZod } from "./check-failures";
import { ownProperties } from "./seam";

/** A project id: PostHog's numeric id, as a number or its text (or "@current"). */
export const projectIdRule = z.union([z.string(), z.number().int()]);

/** `args` parsed by `rules` (unknown keys refused too); throws one message naming the function and each argument. */
export function checkArgs<S extends z.ZodRawShape>(
  fn: string,
  rules: S,
  args: unknown,
): z.infer<z.ZodObject<S>> {
  // A "__proto__" anywhere in them is refused by the seam's rule, in its words, before the rules read them.
  const own = ownProperties(args);
  if (own.failures.length > 0) {
    throw new Error(`${fn}: ${own.failures.map((f) => f.reason).join(" ")} Nothing was sent to PostHog.`);
  }
  const parsed = z.strictObject(rules).safeParse(own.value);
  if (parsed.success) return parsed.data;
  const reasons = failuresFromZod(parsed.error).map((f) =>
    f.reason.startsWith(f.property) ? f.reason : `${f.property}: ${f.reason}`,
  );
  throw new Error(`${fn}: ${reasons.join("; ")}. Nothing was sent to PostHog.`);
}
