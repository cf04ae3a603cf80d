// Prints JSON-like values as TypeScript source, laid out as prettier (default options) lays them out, so a
// generated program reads like hand-written code and `prettier --check` leaves it alone.

import { isObject, type Literal } from "../provider-kit/literal";

export { isLiteral, isObject, type Literal } from "../provider-kit/literal";

export const PRINT_WIDTH = 80;
const INDENT = "  ";

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A string literal in prettier's choice of quotes: double, unless that needs more escapes than single. */
export function quote(text: string): string {
  const doubles = (text.match(/"/g) ?? []).length;
  const singles = (text.match(/'/g) ?? []).length;
  const json = JSON.stringify(text);
  if (doubles <= singles) return json;
  const body = json.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'");
  return `'${body}'`;
}

export function propertyKey(key: string): string {
  return IDENTIFIER.test(key) ? key : quote(key);
}

function size(value: Literal): number {
  if (Array.isArray(value)) return value.length;
  return isObject(value) ? Object.keys(value).length : 0;
}

/** Prettier always breaks an array of two or more objects (or arrays) that each have more than one entry. */
function forcedBreak(value: Literal[]): boolean {
  if (value.length < 2) return false;
  const first = value[0];
  const kind = Array.isArray(first) ? "array" : isObject(first) ? "object" : undefined;
  if (!kind) return false;
  return value.every((v) => (kind === "array" ? Array.isArray(v) : isObject(v)) && size(v) > 1);
}

/** The one-line form, or undefined when the value can never be one line. */
function flat(value: Literal): string | undefined {
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    if (forcedBreak(value)) return undefined;
    const items = value.map(flat);
    return items.every((i) => i !== undefined) ? `[${items.join(", ")}]` : undefined;
  }
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return "{}";
    const items = entries.map(([k, v]) => {
      const printed = flat(v);
      return printed === undefined ? undefined : `${propertyKey(k)}: ${printed}`;
    });
    return items.every((i) => i !== undefined) ? `{ ${items.join(", ")} }` : undefined;
  }
  if (typeof value === "string") return quote(value);
  return typeof value === "number" ? String(value).replace("e+", "e") : String(value);
}

/**
 * Prints `value` starting at column `column` on a line indented by `depth` levels; `suffix` is what follows
 * it on the same line (e.g. ","), which counts against the width as prettier counts it.
 */
export function printLiteral(value: Literal, depth: number, column: number, suffix = ""): string {
  const oneLine = flat(value);
  if (oneLine !== undefined && column + oneLine.length + suffix.length <= PRINT_WIDTH) return oneLine;
  if (Array.isArray(value)) return printArray(value, depth);
  if (isObject(value)) return printObject(value, depth);
  return oneLine ?? String(value); // a scalar too long for the line stays as it is
}

function printArray(items: Literal[], depth: number): string {
  const inner = INDENT.repeat(depth + 1);
  const lines = items.map((item) => `${inner}${printLiteral(item, depth + 1, inner.length, ",")},`);
  return `[\n${lines.join("\n")}\n${INDENT.repeat(depth)}]`;
}

/** One `key: value,` line; a string too long for the line moves under its key, as prettier does. */
export function printProperty(key: string, value: Literal, depth: number): string {
  const indent = INDENT.repeat(depth);
  const head = `${indent}${propertyKey(key)}:`;
  const rest = printLiteral(value, depth, head.length + 1, ",");
  if (
    typeof value === "string" &&
    head.length + 1 + rest.length + 1 > PRINT_WIDTH &&
    propertyKey(key).length >= 5
  ) {
    return `${head}\n${indent}${INDENT}${rest},`;
  }
  return `${head} ${rest},`;
}

/** An object always written across lines (prettier keeps an object broken once its first key is on a new line). */
export function printObject(value: { [key: string]: Literal }, depth: number): string {
  const entries = Object.entries(value);
  if (entries.length === 0) return "{}";
  const lines = entries.map(([k, v]) => printProperty(k, v, depth + 1));
  return `{\n${lines.join("\n")}\n${INDENT.repeat(depth)}}`;
}
