// A data function's arguments, checked by the rules the catalogue documents them with (and the plugin's schema
// declares), before any request: `getSurvey({id: {a: 1}})` is refused by name instead of asking PostHog for
// `/surveys/%5Bobject%20Object%5D/`. The same check runs on both faces: a program's call and a plugin invoke.
import { z } from "zod";
import { failuresFromZod } from "./check-failures";

/** A project id: PostHog's numeric id, as a number or its text (or "@current"). */
export const projectIdRule = z.union([z.string(), z.number().int()]);

/** `args` parsed by `rules` (unknown keys refused too); throws one message naming the function and each argument. */
export function checkArgs<S extends z.ZodRawShape>(
  fn: string,
  rules: S,
  args: unknown,
): z.infer<z.ZodObject<S>> {
  const parsed = z.strictObject(rules).safeParse(args ?? {});
  if (parsed.success) return parsed.data;
  const reasons = failuresFromZod(parsed.error).map((f) =>
    f.reason.startsWith(f.property) ? f.reason : `${f.property}: ${f.reason}`,
  );
  throw new Error(`${fn}: ${reasons.join("; ")}. Nothing was sent to PostHog.`);
}
