// The pieces every catalogue entry is built from (catalogue.ts assembles them): the contract's types, the
// descriptions read from the generated copy of the doc comments, and JSON Schema from a property's zod rule.
import { z } from "zod";
import { DOCS } from "./catalogue-docs";
import { docsFrom } from "../provider-kit/docs-from";
import type { UserSummary } from "../provider-kit/user-summary";

/** JSON Schema as zod 4's z.toJSONSchema() writes it. */
export type JsonSchema = { [key: string]: unknown };

export interface PropertyDoc {
  /** camelCase, as a TypeScript program writes it. */
  name: string;
  /** Never empty; the text of the public type's doc comment (one source). */
  description: string;
  /** The property's type, from its zod rule; nested objects fully described. */
  schema: JsonSchema;
  /**
   * The property's type as the resource gives it back, when that is narrower than what may be declared (a project
   * id declared as a number or a string is always read back as a string). Typed SDKs then read an output as one
   * type, not a union: Pulumi's Python codegen even refuses a function result whose union-typed field is not a dict.
   */
  outputSchema?: JsonSchema;
  /** PostHog's wire name, when there is one (e.g. "start_date"). */
  posthogField?: string;
  /** The user can declare it. */
  input: boolean;
  /** The resource exposes it after create/read. */
  output: boolean;
  /** Required as an input. */
  required: boolean;
  /** What applies when not declared (the reset value), if any. */
  default?: unknown;
  /** A change replaces the resource. */
  replaces: boolean;
  secret?: boolean;
  /**
   * Bookkeeping the provider keeps in state for its own diff (Survey's `declared`): an output of the TypeScript
   * classes, left out of the plugin's schema so the generated SDKs of other languages never show it.
   */
  internal?: boolean;
}

/** A value in an example, as JSON: nested objects use the property names a TypeScript program writes. */
export type ExampleValue = string | number | boolean | ExampleValue[] | { [key: string]: ExampleValue };

/**
 * The one usage example of a resource or data function, in no language: the reference generator renders it in
 * TypeScript, Python, Go, C# and YAML (tools/docs-reference/examples.ts) and writes each as a program under
 * examples/reference/.
 */
export interface ExampleDoc {
  /** The resource's name in the program (a resource), or the variable holding the result (a function). */
  name: string;
  args: { [key: string]: ExampleValue };
  /** The stack output the program exports: an output of the resource or a field of the function's result. */
  output: string;
}

/** How an existing object is brought under a program: `pulumi import` (plugin) and adoption (dynamic). */
export interface ImportDoc {
  /** What the id given to `pulumi import` is; undefined when the resource cannot be imported. */
  id?: string;
  /** Why not, when it cannot. */
  notImportable?: string;
  /** How the TypeScript (dynamic) face takes it over. */
  adopt: string;
}

export interface ResourceDoc {
  name: "Survey" | "Invite" | "InviteBatch";
  description: string;
  properties: PropertyDoc[];
  example: ExampleDoc;
  importing: ImportDoc;
}

export interface FunctionDoc {
  name: string;
  description: string;
  inputs: PropertyDoc[];
  outputs: PropertyDoc[];
  example: ExampleDoc;
}

export interface Catalogue {
  resources: ResourceDoc[];
  functions: FunctionDoc[];
  config: PropertyDoc[];
}

export type { SymbolDocs } from "./symbol-docs";

/** The doc comment of `symbol` (an interface, class, function or settings table). */
export function symbolDoc(symbol: string): string {
  const doc = DOCS[symbol]?.doc;
  if (!doc) throw new Error(`${symbol} has no doc comment: write one (it is the catalogue's description).`);
  return doc;
}

/** The doc comment of `member` in the first of `symbols` that documents it. */
export function memberDoc(symbols: readonly string[], member: string): string {
  for (const symbol of symbols) {
    const doc = DOCS[symbol]?.members[member];
    if (doc) return doc;
  }
  throw new Error(`${member} has no doc comment in ${symbols.join(" or ")}: write one.`);
}

// Nested objects name the public type that describes their keys (src/provider-kit/docs-from.ts).
const isNode = (value: unknown): value is JsonSchema =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** The doc comment of `member` on `symbol` or on an interface it extends. */
function ownOrInherited(symbol: string, member: string): string | undefined {
  const docs = DOCS[symbol];
  if (docs === undefined) return undefined;
  if (docs.members[member]) return docs.members[member];
  for (const parent of docs.inherits ?? []) {
    const doc = ownOrInherited(parent, member);
    if (doc) return doc;
  }
  return undefined;
}

/** `node` (at any depth) with every `docsFrom` link replaced by its keys' descriptions; throws on a gap. */
function described(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(described);
  if (!isNode(node)) return node;
  const { docsFrom: symbol, ...out } = node;
  for (const [key, value] of Object.entries(out)) out[key] = described(value);
  if (symbol === undefined) return out;
  if (typeof symbol !== "string" || DOCS[symbol] === undefined) {
    throw new Error(`docsFrom names ${String(symbol)}, which is no documented public type.`);
  }
  if (isNode(out.properties)) {
    out.properties = Object.fromEntries(
      Object.entries(out.properties).map(([key, value]) => {
        const doc = ownOrInherited(symbol, key);
        if (!doc) throw new Error(`${key} has no doc comment in ${symbol}: write one.`);
        return [key, isNode(value) ? { ...value, description: doc } : value];
      }),
    );
  }
  return out;
}

/**
 * The JSON Schema of a property's zod rule, for the value a program writes (before transforms), with the keys
 * of each nested object described from the public type its rule names (`docsFrom`).
 */
export function jsonSchema(rule: z.ZodType): JsonSchema {
  const { $schema: _drop, ...schema } = z.toJSONSchema(rule, { io: "input", unrepresentable: "any" });
  const out = described(schema);
  return isNode(out) ? out : {};
}

/** A JSON Schema object of the given properties (each with its description), as a function's result holds it. */
export function objectSchema(properties: readonly PropertyDoc[]): JsonSchema {
  return {
    type: "object",
    properties: Object.fromEntries(
      properties.map((p) => [p.name, { ...p.schema, description: p.description }]),
    ),
    required: properties.map((p) => p.name),
  };
}

/** Whether a rule accepts a missing value. */
export const isOptional = (rule: z.ZodType): boolean => rule.safeParse(undefined).success;

/** The entries of a property list described from `symbols`, all inputs of a data function. */
export function functionInputs(
  shape: { [name: string]: z.ZodType },
  symbols: readonly string[],
): PropertyDoc[] {
  return Object.entries(shape).map(([name, rule]) => ({
    name,
    description: memberDoc(symbols, name),
    schema: jsonSchema(rule),
    input: true,
    output: false,
    required: !isOptional(rule),
    replaces: false,
  }));
}

/** Output properties of a data function. */
export function functionOutputs(
  shape: { [name: string]: z.ZodType | JsonSchema },
  symbols: readonly string[],
  described: { [name: string]: string } = {},
): PropertyDoc[] {
  return Object.entries(shape).map(([name, rule]) => ({
    name,
    description: described[name] ?? memberDoc(symbols, name),
    schema: rule instanceof z.ZodType ? jsonSchema(rule) : rule,
    input: false,
    output: true,
    required: false,
    replaces: false,
  }));
}

/** Zod rules for each key of T, checked by the compiler against the public type (so neither drifts). */
export type RulesFor<T> = { [K in keyof T]-?: z.ZodType<T[K]> };

/** The user who created an object (UserSummary), as a rule for its JSON Schema. */
export const userSummaryRule = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    distinctId: z.string(),
    firstName: z.string(),
    email: z.string(),
    isEmailVerified: z.boolean().nullable(),
  })
  .meta(docsFrom("UserSummary")) satisfies z.ZodType<UserSummary>;

/** A project id as a program gives it: the numeric id, as a number or a string. */
export { projectIdRule } from "../provider-kit/function-args";
