// A DRF serializer declared as one table, one row per field in the order of the serializer's Meta.fields
// (DRF validates in that order and reports the first failure; the representation keeps it too). Each row says
// what the field is to the model and to the two serializers PostHog pairs for an object (the read serializer
// of list/retrieve and the create/update one whose answer a write gets):
//   input        writable, stored as parsed (a model column the serializer writes)
//   instruction  writable, never stored (a write_only field the serializer acts on, e.g. remove_targeting_flag)
//   readOnly     stored, not writable (set by the model's save or by the handlers), with the model default
//   identity     stored, set once when the record is made (id, owner, creation time)
//   computed     shown, not stored (a SerializerMethodField or a nested serializer of another record)
// The record type, a write's parse, the defaults of a new record, the fill of a state file written before a
// column existed, and both representations all derive from the table (docs/contributing/code-map.md, "Where an emulator
// endpoint lives"). Values are plain JSON, so a default is cloned and never shared between records.
import { Collector } from "./fields";
import { clone, has, type Json } from "./json";

/** A DRF field's to_internal_value plus the serializer's validate_<field>, with its declaration for readers. */
export interface Parser<T, C> {
  /** the DRF field class and its arguments, as PostHog declares it (or as ModelSerializer maps the column) */
  readonly kind: string;
  /** allow_null: null is a value rather than "This field may not be null." */
  readonly nullable: boolean;
  readonly parse: (value: Json, ctx: C) => T;
}

export const parser = <T, C = unknown>(
  kind: string,
  nullable: boolean,
  parse: (value: Json, ctx: C) => T,
): Parser<T, C> => ({ kind, nullable, parse });

/** A field-level validator (validate_<field>) run on the parsed value. */
export const refine = <T, U, C = unknown>(
  base: Parser<T, unknown>,
  check: (value: T, ctx: C) => U,
): Parser<U, C> => parser(base.kind, base.nullable, (value, ctx: C) => check(base.parse(value, ctx), ctx));

/** Which of the two serializers lists the field in Meta.fields ("model": neither, a column only). */
export type Listed = "both" | "read" | "write" | "model";

interface Shown {
  readonly listed: Listed;
  /** write_only on the create/update serializer: parsed from a write, left out of its answer */
  readonly writeOnly: boolean;
}

/** T: what the record holds; P: what a write parses to (narrower where a validator checks more than the column). */
export interface Input<T, P extends T, C> extends Shown {
  readonly role: "input";
  readonly parser: Parser<P, C>;
  /** the model default a create without the field stores */
  readonly initial: T;
  /** a POST without it is "This field is required." */
  readonly required: boolean;
  /** copied as it is by duplicate_to_projects (survey.py, SurveyViewSet.duplicate_to_projects) */
  readonly duplicated: boolean;
}

export interface Instruction<T, C> extends Shown {
  readonly role: "instruction";
  readonly parser: Parser<T, C>;
}

export interface ReadOnly<T> extends Shown {
  readonly role: "readOnly";
  readonly kind: string;
  readonly initial: T;
}

export interface Identity<T> extends Shown {
  readonly role: "identity";
  readonly kind: string;
  /** never set: carries the column's type */
  readonly type?: T;
}

export interface Computed extends Shown {
  readonly role: "computed";
  readonly kind: string;
}

type Row =
  | Input<unknown, unknown, never>
  | Instruction<unknown, never>
  | ReadOnly<unknown>
  | Identity<unknown>
  | Computed;
export type Table = Readonly<Record<string, Row>>;

interface InputOpts {
  required?: boolean;
  writeOnly?: boolean;
  listed?: Listed;
  duplicated?: boolean;
}

function input<T, P extends T, C>(p: Parser<P, C>, initial: T, opts: InputOpts): Input<T, P, C> {
  return {
    role: "input",
    parser: p,
    initial,
    required: opts.required ?? false,
    writeOnly: opts.writeOnly ?? false,
    listed: opts.listed ?? "both",
    duplicated: opts.duplicated ?? false,
  };
}

/** The row builders; each table reads as `name: col.input(parser, default, {...})`. */
export const col = {
  input: <T, C>(p: Parser<T, C>, initial: T, opts: InputOpts = {}): Input<T, T, C> => input(p, initial, opts),
  /** A JSONField column whose validator accepts less than the column holds (the ORM may store any JSON). */
  jsonInput: <P extends Json, C>(p: Parser<P, C>, initial: Json, opts: InputOpts = {}): Input<Json, P, C> =>
    input(p, initial, opts),
  instruction: <T, C>(p: Parser<T, C>): Instruction<T, C> => ({
    role: "instruction",
    parser: p,
    writeOnly: true,
    listed: "write",
  }),
  readOnly: <T>(kind: string, initial: T, listed: Listed = "both"): ReadOnly<T> => ({
    role: "readOnly",
    kind,
    initial,
    writeOnly: false,
    listed,
  }),
  identity: <T>(kind: string, listed: Listed = "both"): Identity<T> => ({
    role: "identity",
    kind,
    writeOnly: false,
    listed,
  }),
  computed: (kind: string, listed: Listed = "both"): Computed => ({
    role: "computed",
    kind,
    writeOnly: false,
    listed,
  }),
};

/** A stored column's type: its default's, or the identity's declared one; an instruction's is its parse. */
type ValueOf<R> = R extends { readonly initial: infer T }
  ? T
  : R extends Identity<infer T>
    ? T
    : R extends Instruction<infer T, never>
      ? T
      : never;

type KeysWhere<Tb extends Table, Role extends Row["role"]> = {
  [K in keyof Tb]: Tb[K]["role"] extends Role ? K : never;
}[keyof Tb] &
  string;

type ParsedOf<R> = R extends { readonly parser: Parser<infer P, never> } ? P : never;

/** The stored record: every column the model keeps. */
export type RecordOf<Tb extends Table> = {
  -readonly [K in KeysWhere<Tb, "input" | "readOnly" | "identity">]: ValueOf<Tb[K]>;
};
/** A parsed write: a key is present only when the request carried it. */
export type WriteOf<Tb extends Table> = { [K in KeysWhere<Tb, "input" | "instruction">]?: ParsedOf<Tb[K]> };
/** What the handler supplies when it makes a record. */
export type IdentityOf<Tb extends Table> = { [K in KeysWhere<Tb, "identity">]: ValueOf<Tb[K]> };

/**
 * How a field is shown when it is not its stored value as it is: every computed field must have one, a stored
 * one may (a time formatted the DRF way, a foreign key as its nested serializer).
 */
export type Presenters<Tb extends Table, E> = {
  [K in KeysWhere<Tb, "computed">]: (record: RecordOf<Tb>, env: E) => unknown;
} & { [K in KeysWhere<Tb, "input" | "readOnly" | "identity">]?: (record: RecordOf<Tb>, env: E) => unknown };

const entries = (table: Table): Array<[string, Row]> => Object.entries(table);

/** The model's rows as plain objects, for the generic loops below (records are JSON objects). */
function asObject<Tb extends Table>(record: RecordOf<Tb>): Record<string, unknown> {
  return record;
}

/**
 * The field pass of is_valid(): each writable row in order through the collector, which keeps every field error
 * (a `required` field is missing only on a create). The caller decides whether to throw or report them all.
 */
export function parseFields<Tb extends Table, C>(
  table: Tb,
  collector: Collector,
  ctx: C,
  required: boolean,
): WriteOf<Tb> {
  const out: Record<string, unknown> = {};
  for (const [name, row] of entries(table)) {
    if (row.role !== "input" && row.role !== "instruction") continue;
    // Rows are stored with a context type of `never`; the table's own context is the one it was declared with.
    const parse = row.parser.parse as (value: Json, ctx: C) => unknown;
    const value = collector.field(name, (v) => parse(v, ctx), {
      required: required && row.role === "input" && row.required,
    });
    if (value !== undefined) out[name] = value;
  }
  return out as WriteOf<Tb>;
}

/** A new record: the model defaults, the identity the handler gives, then the write's stored fields. */
export function newRecord<Tb extends Table>(
  table: Tb,
  identity: IdentityOf<Tb>,
  write: WriteOf<Tb>,
): RecordOf<Tb> {
  const record: Record<string, unknown> = { ...identity };
  for (const [name, row] of entries(table)) {
    if (row.role === "input" || row.role === "readOnly") record[name] = clone(row.initial);
  }
  const made = record as RecordOf<Tb>;
  assign(table, made, write);
  return made;
}

/** Copies the write's stored fields onto the record (what serializer.save() writes to the model). */
export function assign<Tb extends Table>(table: Tb, record: RecordOf<Tb>, write: WriteOf<Tb>): void {
  const target = asObject(record);
  const source: Record<string, unknown> = write;
  for (const [name, row] of entries(table)) {
    if (row.role === "input" && source[name] !== undefined) target[name] = source[name];
  }
}

/** A record from a state file written before some columns existed: each missing column gets its default. */
export function fillMissing<Tb extends Table>(table: Tb, record: RecordOf<Tb>): void {
  const target = asObject(record);
  for (const [name, row] of entries(table)) {
    if ((row.role === "input" || row.role === "readOnly") && !has(target, name))
      target[name] = clone(row.initial);
  }
}

/** The stored values duplicate_to_projects copies from its source as they are (rows marked `duplicated`). */
export function duplicatedValues<Tb extends Table>(table: Tb, record: RecordOf<Tb>): Record<string, unknown> {
  const source = asObject(record);
  const out: Record<string, unknown> = {};
  for (const [name, row] of entries(table)) {
    if (row.role === "input" && row.duplicated) out[name] = source[name];
  }
  return out;
}

/**
 * One serializer's representation: the rows it lists, in table order, each its presenter's value or the stored
 * value. "read" is the list/retrieve serializer; "write" the create/update one, which leaves out write_only rows.
 */
export function represent<Tb extends Table, E>(
  table: Tb,
  record: RecordOf<Tb>,
  serializer: "read" | "write",
  presenters: Presenters<Tb, E>,
  env: E,
): Record<string, unknown> {
  const stored = asObject(record);
  const present: Partial<Record<string, (record: RecordOf<Tb>, env: E) => unknown>> = presenters;
  const out: Record<string, unknown> = {};
  for (const [name, row] of entries(table)) {
    if (row.listed !== "both" && row.listed !== serializer) continue;
    if (serializer === "write" && row.writeOnly) continue;
    const show = present[name];
    out[name] = show ? show(record, env) : stored[name];
  }
  return out;
}
