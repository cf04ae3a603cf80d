// DRF serializer field semantics (messages and codes) used by the survey, invite and flag validators.
import { ApiError, validationError } from "./errors";
import { parseDateTime } from "./dates";
import { has, isObject, pyTypeName, type Json, type JsonObject } from "./json";
import { pythonStrip } from "./python-strip";

/** A field-level validation failure; the collector attaches the attr. */
export class FieldError {
  constructor(
    readonly code: string,
    readonly detail: string,
  ) {}
}

export const fieldError = (detail: string, code = "invalid") => new FieldError(code, detail);

const MAX_INT = 2147483647;

/**
 * Runs fields in serializer order. DRF collects every field error and exceptions_hog reports the first,
 * while a PermissionDenied (or any ApiError) raised by a field validator escapes at once.
 */
export class Collector {
  private first?: ApiError;
  /** every field error, in field order (the bulk-invite error quirk needs them all) */
  readonly errors: Array<[string, FieldError]> = [];

  constructor(
    private readonly body: JsonObject,
    private readonly partial: boolean,
  ) {}

  field<T>(name: string, parse: (value: Json) => T, opts: { required?: boolean } = {}): T | undefined {
    if (!has(this.body, name)) {
      if (opts.required && !this.partial)
        this.record(name, new FieldError("required", "This field is required."));
      return undefined;
    }
    try {
      return parse(this.body[name]);
    } catch (e) {
      if (e instanceof FieldError) {
        this.record(name, e);
        return undefined;
      }
      throw e;
    }
  }

  private record(attr: string, e: FieldError): void {
    this.errors.push([attr, e]);
    this.first ??= validationError(e.code, e.detail, attr);
  }

  throwIfAny(): void {
    if (this.first) throw this.first;
  }
}

function nullCheck(value: unknown, allowNull: boolean): value is null {
  if (value !== null) return false;
  if (!allowNull) throw new FieldError("null", "This field may not be null.");
  return true;
}

export interface CharOpts {
  allowNull?: boolean;
  allowBlank?: boolean;
  maxLength?: number;
}

// Each parser is overloaded on allow_null: a parser that refuses null returns its value type, one that accepts
// it adds `| null`, so callers need no cast.
type Nullable = { allowNull: true };
type NotNull = { allowNull?: false };

/**
 * CharField: accepts str/int/float, trims whitespace, blank and length checks. The trim is Python's `str.strip()`
 * (rest_framework/fields.py, CharField.to_internal_value, `value.strip()` with trim_whitespace on by default),
 * whose whitespace is not JavaScript's (python-strip.ts).
 */
export function charField(value: unknown, opts: CharOpts & Nullable): string | null;
export function charField(value: unknown, opts?: CharOpts & NotNull): string;
export function charField(value: unknown, opts?: CharOpts): string | null;
export function charField(value: unknown, opts: CharOpts = {}): string | null {
  if (nullCheck(value, opts.allowNull ?? false)) return null;
  if (typeof value !== "string" && typeof value !== "number") throw fieldError("Not a valid string.");
  const s = pythonStrip(String(value));
  if (s === "" && !opts.allowBlank) throw new FieldError("blank", "This field may not be blank.");
  if (opts.maxLength !== undefined && [...s].length > opts.maxLength) {
    throw new FieldError("max_length", `Ensure this field has no more than ${opts.maxLength} characters.`);
  }
  // CharField's validators include ProhibitNullCharactersValidator (rest_framework/fields.py, CharField.__init__;
  // message and code from django/core/validators.py).
  if (s.includes("\0"))
    throw new FieldError("null_characters_not_allowed", "Null characters are not allowed.");
  return s;
}

export interface IntOpts {
  allowNull?: boolean;
  min?: number;
  max?: number;
}

/** IntegerField: ints, integral floats and numeric strings; bools are rejected. */
export function intField(value: unknown, opts: IntOpts & Nullable): number | null;
export function intField(value: unknown, opts?: IntOpts & NotNull): number;
export function intField(value: unknown, opts?: IntOpts): number | null;
export function intField(value: unknown, opts: IntOpts = {}): number | null {
  if (nullCheck(value, opts.allowNull ?? false)) return null;
  let n: number;
  if (typeof value === "number" && Number.isInteger(value)) n = value;
  else if (typeof value === "string" && /^\s*[+-]?\d+(\.0*)?\s*$/.test(value)) n = Math.trunc(Number(value));
  else throw fieldError("A valid integer is required.");
  const max = opts.max ?? MAX_INT;
  if (n > max) throw new FieldError("max_value", `Ensure this value is less than or equal to ${max}.`);
  if (opts.min !== undefined && n < opts.min) {
    throw new FieldError("min_value", `Ensure this value is greater than or equal to ${opts.min}.`);
  }
  return n;
}

const TRUE_VALUES = new Set<unknown>([
  true,
  1,
  "1",
  "true",
  "True",
  "TRUE",
  "t",
  "T",
  "y",
  "Y",
  "yes",
  "Yes",
  "YES",
  "on",
  "On",
  "ON",
]);
const FALSE_VALUES = new Set<unknown>([
  false,
  0,
  "0",
  "false",
  "False",
  "FALSE",
  "f",
  "F",
  "n",
  "N",
  "no",
  "No",
  "NO",
  "off",
  "Off",
  "OFF",
]);

export function boolField(value: unknown, allowNull: true): boolean | null;
export function boolField(value: unknown, allowNull?: false): boolean;
export function boolField(value: unknown, allowNull?: boolean): boolean | null;
export function boolField(value: unknown, allowNull = false): boolean | null {
  if (nullCheck(value, allowNull)) return null;
  if (TRUE_VALUES.has(value)) return true;
  if (FALSE_VALUES.has(value)) return false;
  throw fieldError("Must be a valid boolean.");
}

export interface ChoiceOpts {
  allowNull?: boolean;
  allowBlank?: boolean;
}

/** ChoiceField: matched on the string form of the input, as DRF does; with allow_blank, "" is a value too. */
export function choiceField<T extends string | number>(
  value: unknown,
  choices: readonly T[],
  opts: ChoiceOpts & Nullable & { allowBlank: true },
): T | "" | null;
export function choiceField<T extends string | number>(
  value: unknown,
  choices: readonly T[],
  opts: ChoiceOpts & Nullable,
): T | null;
export function choiceField<T extends string | number>(
  value: unknown,
  choices: readonly T[],
  opts: ChoiceOpts & NotNull & { allowBlank: true },
): T | "";
export function choiceField<T extends string | number>(
  value: unknown,
  choices: readonly T[],
  opts?: ChoiceOpts & NotNull,
): T;
export function choiceField<T extends string | number>(
  value: unknown,
  choices: readonly T[],
  opts?: ChoiceOpts,
): T | "" | null;
export function choiceField<T extends string | number>(
  value: unknown,
  choices: readonly T[],
  opts: ChoiceOpts = {},
): T | "" | null {
  if (nullCheck(value, opts.allowNull ?? false)) return null;
  if (value === "" && opts.allowBlank) return "";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  const found = choices.find((c) => String(c) === text);
  if (found === undefined || typeof value === "boolean" || typeof value === "object") {
    throw new FieldError("invalid_choice", `"${text}" is not a valid choice.`);
  }
  return found;
}

export function dateTimeField(value: unknown, allowNull?: true): string | null;
export function dateTimeField(value: unknown, allowNull: false): string;
export function dateTimeField(value: unknown, allowNull = true): string | null {
  if (nullCheck(value, allowNull)) return null;
  const parsed = typeof value === "string" ? parseDateTime(value) : undefined;
  if (parsed === undefined) {
    throw fieldError(
      "Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].",
    );
  }
  return parsed;
}

// Close to Django's EmailValidator: a dotted domain (or localhost-free), no spaces, one @.
const EMAIL_RE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export function isEmail(s: string): boolean {
  return EMAIL_RE.test(s) && !s.split("@")[0].startsWith(".") && !s.includes("..");
}

export function emailField(value: unknown): string {
  const s = charField(value, { maxLength: 254 });
  if (!isEmail(s)) throw fieldError("Enter a valid email address.");
  return s;
}

/** DRF's "Invalid data. Expected a dictionary, but got X." for a non-object body. */
export function expectObject(body: unknown): JsonObject {
  if (isObject(body)) return body;
  throw validationError("invalid", `Invalid data. Expected a dictionary, but got ${pyTypeName(body)}.`);
}
