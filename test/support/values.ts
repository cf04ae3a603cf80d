// Small value helpers shared by the harness: the Struct boundary, the preview
// "unknown" sentinel, secret unwrapping and the engine's top-level input diff.
import * as pulumi from "@pulumi/pulumi";
import { JavaScriptValue, Struct } from "google-protobuf/google/protobuf/struct_pb";
import { IDENTITY_INPUT, STACK_MARK_INPUT } from "../../src/ownership/identity";

/** A property bag as it travels in a protobuf Struct (plain JSON values). */
export type Props = Record<string, unknown>;

/** How the engine encodes an unknown (computed) value on the wire during preview. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export const PROVIDER_KEY = "__provider";

export function toStruct(props: Props): Struct {
  // fromJavaScript throws on undefined ("Unexpected struct type"), exactly as the SDK does.
  return Struct.fromJavaScript(props as Record<string, JavaScriptValue>);
}

/**
 * Converts inputs as the mock monitor hands them over into what the engine sends a provider:
 * unknowns become the sentinel, secrets are unwrapped (the dynamic server says acceptSecrets=false),
 * undefined fields are dropped. Returns the top-level keys that were secret.
 */
export function toEngineInputs(inputs: Props): { props: Props; secretKeys: string[] } {
  const props: Props = {};
  const secretKeys: string[] = [];
  for (const [k, v] of Object.entries(inputs)) {
    if (v === undefined) continue;
    if (pulumi.runtime.isRpcSecret(v)) secretKeys.push(k);
    props[k] = toEngineValue(v);
  }
  return { props, secretKeys };
}

function toEngineValue(v: unknown): unknown {
  if (pulumi.isUnknown(v)) return UNKNOWN;
  if (pulumi.runtime.isRpcSecret(v)) return toEngineValue(pulumi.runtime.unwrapRpcSecret(v));
  if (Array.isArray(v)) return v.map(toEngineValue);
  if (v !== null && typeof v === "object") {
    const out: Props = {};
    for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = toEngineValue(x);
    return out;
  }
  return v;
}

/**
 * Top-level keys whose values differ (deep equality), sorted; `__provider` is left out unless asked, and the
 * resource's identity and stack-mark inputs always. The real engine shows the keys of the provider's Diff, for a refresh too
 * (pulumi/pulumi pkg/resource/deploy/step.go, RefreshStep.Apply: diffResource of the refreshed inputs against the
 * old ones), and this provider's Diff never compares `__identity` or `__stackMark` (src/ownership/identity.ts). A refresh on
 * the dynamic face drops it from the stored inputs (the dynamic read sees only outputs) without any diff in the
 * real CLI; comparing the raw inputs here showed one.
 */
export function changedKeys(olds: Props, news: Props, includeProvider = false): string[] {
  const keys = new Set([...Object.keys(olds), ...Object.keys(news)]);
  if (!includeProvider) keys.delete(PROVIDER_KEY);
  keys.delete(IDENTITY_INPUT);
  keys.delete(STACK_MARK_INPUT);
  return [...keys].filter((k) => !sameJson(olds[k], news[k])).sort();
}

/** Structural equality of JSON values, blind to prototypes (Struct and mock values come from other realms). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]))
    );
  }
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const ra = a as Props;
  const rb = b as Props;
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.prototype.hasOwnProperty.call(rb, k) && sameJson(ra[k], rb[k]))
  );
}

export function withoutProvider(props: Props): Props {
  const { [PROVIDER_KEY]: _omit, ...rest } = props;
  return rest;
}
