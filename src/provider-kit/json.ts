// Property bags as the engine hands them to a provider (inputs, stored outputs): JSON values of no known type
// until a zod rule or a guard here says what they are.

export type Json = Record<string, unknown>;

/** A JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** An error's message, or the thrown value as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
