// The typed side of validation: the fields of a raw input record (what the engine hands a provider) that hold
// a valid value, typed by their zod rule. A field that is missing, invalid or not yet known in a preview is
// left out, so callers apply their defaults to it, the same as to an undeclared field.
import { z } from "zod";
import type { Json } from "./json";

/** Each field of `shape` optional, typed by its rule's output. */
export function typedFields<Shape extends { [key: string]: z.ZodType }>(shape: Shape, inputs: Json) {
  // The fields that pass their own rule, then the object rule over just those: its output is the typed view.
  const valid: Json = {};
  for (const [key, rule] of Object.entries(shape)) {
    const result = rule.safeParse(inputs[key]);
    if (result.success && result.data !== undefined) valid[key] = inputs[key];
  }
  return z.object(shape).partial().parse(valid);
}
