// Comparison used by diffs: JSON-like deep equality where an absent key, `undefined` and `null` are the same.

import { isRecord } from "./json";

export function deepEqualLoose(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || a === null) return b === undefined || b === null;
  if (b === undefined || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => deepEqualLoose(item, b[i]));
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) if (!deepEqualLoose(a[key], b[key])) return false;
    return true;
  }
  return false;
}

/**
 * Drops `undefined` values (the SDK's struct encoder throws on them) recursively. The result has the argument's
 * type: only keys that held `undefined` go, which a type with that key optional still describes.
 */
export function withoutUndefined<T>(value: T): T;
export function withoutUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutUndefined(v));
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = withoutUndefined(v);
    return out;
  }
  return value;
}

export function sameInstant(a: unknown, b: unknown): boolean {
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  if (typeof a !== "string" || typeof b !== "string") return false;
  return Date.parse(a) === Date.parse(b);
}
