// The "declared" bookkeeping: outputs keep the inputs the program declared at the last apply, so a diff can
// tell a field the program stopped declaring (reset it) from one it never declared (leave PostHog's value).

import { isRecord, type Json } from "./json";

/**
 * The input the dynamic resource classes set to the resource's URN; the plugin sets it from the request. What it
 * proves is in src/ownership (identity.ts).
 */
export const IDENTITY_INPUT = "__identity";

/**
 * The input that carries the stack's mark (src/ownership/stack-mark.ts): a random value made once per stack and kept
 * in its state, which no other stack can share. Like IDENTITY_INPUT, the user never writes it and no diff compares it.
 */
export const STACK_MARK_INPUT = "__stackMark";

/**
 * Inputs the provider's faces add, never the program: the dynamic provider's code, the resource's identity and
 * the stack's mark.
 */
export const PROVIDER_INPUTS: readonly string[] = ["__provider", IDENTITY_INPUT, STACK_MARK_INPUT];

/** The inputs the program declared, without the provider's own (PROVIDER_INPUTS) and undefined values. */
export function declaredInputs(inputs: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(inputs)) {
    if (!PROVIDER_INPUTS.includes(key) && value !== undefined) out[key] = value;
  }
  return out;
}

/** What was declared at the last apply, as kept in `outputs`; `fallback` when the outputs predate the record. */
export function lastDeclared(outputs: Json, fallback: Json = {}): Json {
  const declared = outputs.declared;
  return isRecord(declared) ? declared : fallback;
}

/** Whether the program now declares a different set of inputs than at the last apply. */
export function declaredKeysChanged(news: Json, outputs: Json): boolean {
  const keys = (inputs: Json) => Object.keys(inputs).sort().join();
  return keys(declaredInputs(news)) !== keys(lastDeclared(outputs));
}
