// The stack's mark: a random value made once per stack and kept in the stack's own state, so no other stack can
// share it, and one stack keeps it across its runs, `pulumi stack rename` and `stack export`/`import` (the state
// moves with the stack). What proves a survey is this stack's own is derived from it (resources/survey/ownership.ts).
//
// Where it is kept, per face (docs/contributing/interrupted-runs.md, "The stack's mark"):
// - dynamic providers: the outputs of one small resource per stack (src/resources/stack-mark/), which every Survey
//   takes as an input (STACK_MARK_INPUT, identity.ts);
// - plugin: the provider's checked config (plugin/provider-config.ts): CheckConfig keeps the old value.
import { randomBytes } from "node:crypto";

/** 128 random bits, base64url: 22 characters. */
export function newStackMark(): string {
  return randomBytes(16).toString("base64url");
}

/** Whether `value` is a mark as newStackMark makes them. */
export function isStackMark(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{22}$/.test(value);
}

/** The dynamic face's resource that keeps the mark (resources/stack-mark/): one per stack, at the top level. */
export const STACK_MARK_NAME = "posthog-stack-mark";

/** That resource's type, as the engine names it (dynamic.Resource prefixes the module `posthog` and `StackMark`). */
export const STACK_MARK_TYPE = "pulumi-nodejs:dynamic/posthog:StackMark";
