// The DRF field classes as table parsers (core/serializer.ts): each names its declaration and whether it allows
// null, and is overloaded like the parsers in fields.ts, so a row's value type follows allow_null.
import {
  boolField,
  charField,
  choiceField,
  dateTimeField,
  intField,
  type CharOpts,
  type ChoiceOpts,
  type IntOpts,
} from "./fields";
import { clone, type Json } from "./json";
import { parser, type Parser } from "./serializer";

type Nullable = { allowNull: true };
type NotNull = { allowNull?: false };

/** `Name(arg=value, …)` as the serializer declares it, from the options that differ from DRF's defaults. */
function declared(name: string, opts: object): string {
  const args = Object.entries(opts)
    .filter(([, v]) => v !== undefined && v !== false)
    .map(
      ([k, v]) =>
        `${k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}=${v === true ? "True" : JSON.stringify(v)}`,
    );
  return `${name}(${args.join(", ")})`;
}

function char(opts: CharOpts & Nullable): Parser<string | null, unknown>;
function char(opts?: CharOpts & NotNull): Parser<string, unknown>;
function char(opts: CharOpts = {}): Parser<string | null, unknown> {
  return parser(declared("CharField", opts), opts.allowNull === true, (v) => charField(v, opts));
}

function int(opts: IntOpts & Nullable): Parser<number | null, unknown>;
function int(opts?: IntOpts & NotNull): Parser<number, unknown>;
function int(opts: IntOpts = {}): Parser<number | null, unknown> {
  return parser(declared("IntegerField", opts), opts.allowNull === true, (v) => intField(v, opts));
}

function bool(opts: Nullable): Parser<boolean | null, unknown>;
function bool(opts?: NotNull): Parser<boolean, unknown>;
function bool(opts: { allowNull?: boolean } = {}): Parser<boolean | null, unknown> {
  return parser(declared("BooleanField", opts), opts.allowNull === true, (v) => boolField(v, opts.allowNull));
}

function choice<T extends string | number>(
  choices: readonly T[],
  opts: ChoiceOpts & Nullable & { allowBlank: true },
): Parser<T | "" | null, unknown>;
function choice<T extends string | number>(
  choices: readonly T[],
  opts?: ChoiceOpts & NotNull,
): Parser<T, unknown>;
function choice<T extends string | number>(
  choices: readonly T[],
  opts: ChoiceOpts = {},
): Parser<T | "" | null, unknown> {
  return parser(
    declared("ChoiceField", { choices: choices.join("|"), ...opts }),
    opts.allowNull === true,
    (v) => choiceField(v, choices, opts),
  );
}

/** DateTimeField(allow_null=True), the only kind the tables use. */
const dateTime = (): Parser<string | null, unknown> =>
  parser("DateTimeField(allow_null=True)", true, (v) => dateTimeField(v, true));

/** JSONField(allow_null=True): any JSON, copied so the stored value shares nothing with the request. */
const json = (): Parser<Json, unknown> => parser("JSONField(allow_null=True)", true, (v) => clone(v));

export const drf = { char, int, bool, choice, dateTime, json };
