// The typed side of validation: the fields of a raw input record (what the engine hands a provider) that hold
// a valid value, typed by their zod rule. A field that is missing, invalid or not yet known in a preview is
// left out, so callers apply their defaults to it, the same as to an undeclared field.
import type { z } from "zod";

export type TypedFields<Shape extends { [key: string]: z.ZodType }> = {
  [K in keyof Shape]?: z.output<Shape[K]>;
};

export function typedFields<Shape extends { [key: string]: z.ZodType }>(
  shape: Shape,
  inputs: Record<string, unknown>,
): TypedFields<Shape> {
  const typed: { [key: string]: unknown } = {};
  for (const key of Object.keys(shape)) {
    const result = shape[key].safeParse(inputs[key]);
    if (result.success && result.data !== undefined) typed[key] = result.data;
  }
  return typed as TypedFields<Shape>;
}
