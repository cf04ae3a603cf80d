// Small JSON helpers shared by the emulator modules (no third-party code).

import type { Json } from "@pulumi-posthog/posthog-html";

export { isObject, pyTruthy, type Json, type JsonObject } from "@pulumi-posthog/posthog-html";

export function has(obj: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** Python type name, for DRF's "Expected a dictionary, but got X." message. */
export function pyTypeName(value: unknown): string {
  if (value === null || value === undefined) return "NoneType";
  if (Array.isArray(value)) return "list";
  if (typeof value === "string") return "str";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  return "dict";
}

/** JSON text to its value: what JSON.parse returns is JSON by construction (its `any` is only the lib's typing). */
export function parseJson(text: string): Json {
  const value: Json = JSON.parse(text);
  return value;
}

/** Deep copy of plain JSON data (much faster than structuredClone for request-sized values). */
export function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}
