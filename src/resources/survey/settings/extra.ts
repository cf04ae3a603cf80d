// The escape hatch at the seams (shared.ts, SettingsExtra): a declared setting's `extra` merged into the object
// PostHog receives and compares with, and, for export, the keys of PostHog's object that this provider does not
// type moved into `extra`, so the exported program passes check and converges.
import { appearanceShape } from "./appearance-rule";
import { conditionsShape } from "./conditions-rule";
import { questionKeysOf } from "./questions-rule";

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** The object PostHog stores for one declared setting object: its keys with `extra`'s merged in. */
export function withExtraMerged<T extends { extra?: unknown }>(value: T): Json {
  const { extra, ...rest } = value;
  return isObject(extra) ? { ...rest, ...extra } : { ...rest };
}

/** `appearance` or `conditions` as PostHog receives it (null stays null). */
export function settingOnWire(value: unknown): Json | null {
  return isObject(value) ? withExtraMerged(value) : null;
}

/** `questions` as PostHog receives them. */
export function questionsOnWire<T extends { extra?: unknown }>(questions: readonly T[]): Json[] {
  return questions.map((question) => withExtraMerged(question));
}

function untypedToExtra(value: Json, typed: readonly string[]): Json {
  const kept: Json = {};
  const extra: Json = {};
  for (const [key, v] of Object.entries(value)) {
    if (typed.includes(key) && key !== "extra") kept[key] = v;
    else extra[key] = v;
  }
  return Object.keys(extra).length > 0 ? { ...kept, extra } : kept;
}

const APPEARANCE_KEYS = Object.keys(appearanceShape);
const CONDITIONS_KEYS = Object.keys(conditionsShape);

/** A setting as PostHog holds it -> as a program declares it: keys this provider does not type go in `extra`. */
export function declaredSetting(field: "appearance" | "conditions" | "questions", value: unknown): unknown {
  if (field === "questions") {
    return Array.isArray(value)
      ? value.map((q) => (isObject(q) ? untypedToExtra(q, questionKeysOf(q.type) ?? Object.keys(q)) : q))
      : value;
  }
  return isObject(value)
    ? untypedToExtra(value, field === "appearance" ? APPEARANCE_KEYS : CONDITIONS_KEYS)
    : value;
}
