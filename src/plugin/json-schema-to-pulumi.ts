// Turns the JSON Schema that zod writes for a property (z.toJSONSchema, draft 2020-12) into a Pulumi type
// reference, collecting the object and enum types it names. Pulumi's type system is smaller than JSON Schema's:
// there is no null (every optional property may be absent, which is how SDKs write "no value"), objects with
// declared properties become named types under `types`, enums become enum types, a discriminated union becomes one
// object type with every variant's properties, and a schema that allows anything becomes `pulumi.json#/Any`.
// A JSON Schema construct this module does not know is an error naming the property, never a silent Any.
import { z } from "zod";
import type {
  ComplexTypeSpec,
  EnumTypeSpec,
  ObjectTypeSpec,
  PrimitiveType,
  PropertySpec,
  TypeSpec,
} from "./schema-spec";

/** The subset of JSON Schema that z.toJSONSchema writes; other keywords (bounds, patterns, formats) are kept out. */
export interface JsonSchemaNode {
  type?: string | string[];
  enum?: (string | number | boolean | null)[];
  const?: string | number | boolean | null;
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
  additionalProperties?: boolean | JsonSchemaNode;
  items?: boolean | JsonSchemaNode;
  anyOf?: JsonSchemaNode[];
  oneOf?: JsonSchemaNode[];
  $ref?: string;
  $defs?: Record<string, JsonSchemaNode>;
  description?: string;
}

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const jsonSchemaNode: z.ZodType<JsonSchemaNode> = z.lazy(() =>
  z
    .object({
      type: z.union([z.string(), z.array(z.string())]).optional(),
      enum: z.array(scalar).optional(),
      const: scalar.optional(),
      properties: z.record(z.string(), jsonSchemaNode).optional(),
      required: z.array(z.string()).optional(),
      additionalProperties: z.union([z.boolean(), jsonSchemaNode]).optional(),
      // `false` closes a tuple (prefixItems), which is refused below.
      items: z.union([z.boolean(), jsonSchemaNode]).optional(),
      anyOf: z.array(jsonSchemaNode).optional(),
      oneOf: z.array(jsonSchemaNode).optional(),
      $ref: z.string().optional(),
      $defs: z.record(z.string(), jsonSchemaNode).optional(),
      description: z.string().optional(),
    })
    // Validation keywords (minimum, pattern, format, …) have no Pulumi type counterpart; they stay with check.
    .loose(),
);

const isSchemaObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Whether a value may be null. Pulumi has no null: such a property is never `required`, at the top of a resource or
 * function and inside every object type alike, and the plugin leaves it out of what it answers when it is null
 * (wire-values.ts, withoutNulls), so every language's SDK sees it absent (docs/plugin.md#null-values).
 */
export function admitsNull(schema: { type?: unknown; anyOf?: unknown; oneOf?: unknown }): boolean {
  const type = schema.type;
  if (type === "null" || (Array.isArray(type) && type.includes("null"))) return true;
  const members = schema.anyOf ?? schema.oneOf;
  return Array.isArray(members) && members.some((member) => isSchemaObject(member) && admitsNull(member));
}

/** Reads a catalogue property's JSON Schema once, at the seam. */
export function parseJsonSchema(schema: unknown, where: string): JsonSchemaNode {
  const parsed = jsonSchemaNode.safeParse(schema);
  if (!parsed.success)
    throw new Error(`${where}: not a JSON Schema this generator reads: ${parsed.error.message}`);
  return parsed.data;
}

export const ANY: TypeSpec = { $ref: "pulumi.json#/Any" };

const PRIMITIVES: readonly string[] = ["boolean", "integer", "number", "string"] satisfies PrimitiveType[];

function isPrimitive(type: string): type is PrimitiveType {
  return PRIMITIVES.includes(type);
}

/** "single_choice" -> "SingleChoice", "targetingFlagFilters" -> "TargetingFlagFilters". */
export function pascalCase(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join("");
}

/** The name of one element of a list property: "questions" -> "Question", "privateProjectAccess" stays. */
function singular(name: string): string {
  return name.endsWith("s") && !name.endsWith("ss") ? name.slice(0, -1) : name;
}

/** The words of a PascalCase name: "SurveyQuestionOpen" -> ["Survey", "Question", "Open"]. */
function words(name: string): string[] {
  return name.match(/[A-Z][a-z0-9]*|[a-z0-9]+/g) ?? [name];
}

/** What a set of names has in common: the words they all start with and the words they all end with. */
function commonName(names: readonly string[]): string {
  const split = names.map(words);
  const shortest = Math.min(...split.map((w) => w.length));
  const agree = (pick: (w: string[]) => string): boolean => split.every((w) => pick(w) === pick(split[0]));
  let prefix = 0;
  while (prefix < shortest && agree((w) => w[prefix])) prefix++;
  let suffix = 0;
  while (prefix + suffix < shortest && agree((w) => w[w.length - 1 - suffix])) suffix++;
  const first = split[0];
  return [...first.slice(0, prefix), ...first.slice(first.length - suffix)].join("");
}

/**
 * The named types found while converting, by token. A type is named after where it sits (`SurveyQuestionOpen`);
 * the same shape found in several places (a question's branching in each question type, a survey inside
 * getSurveys' answer) is one type, named by what those places' names share (`QuestionBranchingEnd`, `SurveyType`):
 * the first pass records the shapes (`sharedNames()`), a second pass with those names writes the types.
 */
export class TypeRegistry {
  readonly types: Record<string, ComplexTypeSpec> = {};
  /** A type's reference -> its shape: the spec without its description, nested references replaced by shapes. */
  private readonly shapes = new Map<string, string>();
  /** A shape -> the names it was asked for under, in order. */
  private readonly requested = new Map<string, string[]>();

  constructor(
    readonly typeToken: (name: string) => string,
    private readonly names: ReadonlyMap<string, string> = new Map(),
  ) {}

  private shapeOf(spec: ComplexTypeSpec): string {
    const { description: _description, ...rest } = spec;
    return JSON.stringify(rest, (key, value: unknown) =>
      key === "$ref" && typeof value === "string" ? (this.shapes.get(value) ?? value) : value,
    );
  }

  add(name: string, spec: ComplexTypeSpec): TypeSpec {
    const shape = this.shapeOf(spec);
    const token = this.typeToken(this.names.get(name) ?? name);
    const ref = `#/types/${token}`;
    const existing = this.types[token];
    if (existing !== undefined && this.shapeOf(existing) !== shape) {
      throw new Error(`Two different types would both be named ${token}; rename one of the properties.`);
    }
    this.types[token] ??= spec;
    this.shapes.set(ref, shape);
    const names = this.requested.get(shape) ?? [];
    if (!names.includes(name)) this.requested.set(shape, [...names, name]);
    return { $ref: ref };
  }

  /** The name each requested name takes in the second pass; a shared name that would clash keeps the first. */
  sharedNames(): Map<string, string> {
    const groups = [...this.requested.values()];
    const candidates = groups.map((names) => (names.length > 1 ? commonName(names) : names[0]));
    const taken = (candidate: string, group: number): boolean =>
      candidate === "" ||
      candidates.some((other, i) => i !== group && other === candidate) ||
      groups.some((names, i) => i !== group && names.includes(candidate));
    const result = new Map<string, string>();
    groups.forEach((names, group) => {
      const chosen = taken(candidates[group], group) ? names[0] : candidates[group];
      for (const name of names) result.set(name, chosen);
    });
    return result;
  }
}

/** Where a schema sits: the type or resource it belongs to and its property name, which name nested types. */
interface Place {
  owner: string;
  property: string;
  /** Where the schema sits, for messages and descriptions: `Survey.questions[]`. */
  path: string;
  /** The `$defs` of the property's schema, for `#/$defs/...` references inside it. */
  defs: Record<string, JsonSchemaNode>;
  /** References being resolved, to refuse a recursive type instead of looping. */
  resolving: readonly string[];
}

const where = (place: Place): string => place.path;

function withoutNull(nodes: JsonSchemaNode[]): JsonSchemaNode[] {
  return nodes.filter((node) => node.type !== "null");
}

function typesWithoutNull(type: string | string[] | undefined): string[] {
  if (type === undefined) return [];
  return (Array.isArray(type) ? type : [type]).filter((t) => t !== "null");
}

/** The keywords that say what a value is; a schema with none of them (`{}`) allows anything. */
const TYPE_KEYWORDS = ["type", "enum", "const", "properties", "items", "anyOf", "oneOf", "$ref"] as const;

/** The value a discriminated union member fixes its `propertyName` to, if it does. */
function constOf(node: JsonSchemaNode, propertyName: string): string | undefined {
  const value = node.properties?.[propertyName]?.const;
  return typeof value === "string" ? value : undefined;
}

/** The property every member fixes to a different string, if there is one: the union's discriminator. */
function discriminatorOf(members: JsonSchemaNode[]): string | undefined {
  const candidates = Object.keys(members[0].properties ?? {});
  return candidates.find((name) => {
    const values = members.map((member) => constOf(member, name));
    return values.every((v) => v !== undefined) && new Set(values).size === values.length;
  });
}

function enumType(node: JsonSchemaNode, place: Place, registry: TypeRegistry): TypeSpec {
  const values = (node.enum ?? []).filter((value) => value !== null);
  const kinds = new Set(values.map((value) => (Number.isInteger(value) ? "integer" : typeof value)));
  const [kind] = [...kinds];
  if (kinds.size !== 1 || !isPrimitive(kind)) {
    throw new Error(
      `${where(place)}: an enum must hold values of one primitive type, got ${JSON.stringify(values)}.`,
    );
  }
  // Numeric enums stay plain numbers: Pulumi's program generators assume string-valued enums (Go's `pulumi
  // import` printed a rating question's `scale: 10` as `%!v(PANIC=... int32, not string)`), and a number enum buys
  // a user nothing over a number, since the resource's own check refuses a value outside the list anyway.
  if (kind === "integer" || kind === "number") return { type: kind };
  const name = place.owner + pascalCase(place.property);
  const spec: EnumTypeSpec = {
    type: kind,
    description: node.description ?? `The values ${name} accepts.`,
    enum: values.filter((value) => value !== null).map((value) => ({ value })),
  };
  return registry.add(name, spec);
}

/** An object with declared properties, registered as a named type whose own properties name their types. */
function objectType(node: JsonSchemaNode, name: string, place: Place, registry: TypeRegistry): TypeSpec {
  const properties: Record<string, PropertySpec> = {};
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    properties[key] = propertySpec(
      child,
      { ...place, owner: name, property: key, path: `${name}.${key}` },
      registry,
    );
  }
  const spec: ObjectTypeSpec = {
    type: "object",
    description: node.description ?? `The shape of ${where(place)}.`,
    properties,
  };
  const required = (node.required ?? []).filter((key) => !admitsNull(node.properties?.[key] ?? {}));
  if (required.length > 0) spec.required = required;
  return registry.add(name, spec);
}

/** `values` as a list in words: `"rating"`, `"single_choice", "multiple_choice"`. */
const quoted = (values: readonly string[]): string => values.map((v) => `"${v}"`).join(", ");

/**
 * A property of the one object type a discriminated union becomes: its type, the same in every variant that has
 * it (a type that differs stops the build, naming the property), and a description that says which variants it is
 * for when not all of them have it, and each variant's own text where their texts differ.
 */
function variantProperty(
  key: string,
  variants: readonly { value: string; node: JsonSchemaNode }[],
  discriminator: string,
  place: Place,
  registry: TypeRegistry,
): PropertySpec {
  const holders = variants.flatMap(({ value, node }) => {
    const child = node.properties?.[key];
    return child === undefined ? [] : [{ value, spec: propertySpec(child, place, registry) }];
  });
  const types = new Set(holders.map(({ spec: { description: _d, ...type } }) => JSON.stringify(type)));
  if (types.size > 1) {
    throw new Error(
      `${where(place)}: the ${discriminator} values ${quoted(holders.map((h) => h.value))} give it different ` +
        "types, which one Pulumi object type cannot hold; give the key one type, or another name per variant.",
    );
  }
  const { description: _first, ...type } = holders[0].spec;
  const texts = [...new Set(holders.map((h) => h.spec.description))];
  // "For type "rating": Numbers or emoji." when only some variants have the key or their texts differ.
  const forValues = (text: string | undefined): string => {
    const values = holders.filter((h) => h.spec.description === text).map((h) => `"${h.value}"`);
    return `For ${discriminator} ${values.join(" or ")}: ${text ?? ""}`.trim();
  };
  const description =
    texts.length === 1 && holders.length === variants.length ? texts[0] : texts.map(forValues).join(" ");
  return description === undefined ? type : { ...type, description };
}

/**
 * A union of objects that each fix one property to a different string (`z.discriminatedUnion`), as ONE object
 * type: the discriminator an enum of the variants' values (each described by its variant), and every variant's
 * other properties, each required only when every variant requires it. Pulumi's `oneOf` is a union only some
 * engines read as one: pulumi-yaml tries each member and lists every failure (a misspelt key inside a survey
 * question gave 20-38 lines and no "did you mean"), and the Go and Java generators type the list as `interface{}` /
 * `Object`. One object type gives each language a named type to write and check against (`SurveyQuestionArgs`),
 * and leaves to the resource's check which keys go with which value; it says so, one message per key
 * (questions-rule.ts, docs/plugin.md#one-object-type-per-union).
 */
function variantsAsOneObject(
  members: JsonSchemaNode[],
  discriminator: string,
  place: Place,
  registry: TypeRegistry,
): TypeSpec {
  const name = place.owner + pascalCase(place.property);
  const inside = (key: string): Place => ({ ...place, owner: name, property: key, path: `${name}.${key}` });
  const variants = members.map((node) => ({ value: constOf(node, discriminator) ?? "", node }));
  const values: EnumTypeSpec["enum"] = variants.map(({ value, node }) => {
    const text = node.properties?.[discriminator]?.description;
    return text === undefined ? { value } : { value, description: text };
  });
  const enumName = name + pascalCase(discriminator);
  const properties: Record<string, PropertySpec> = {
    [discriminator]: {
      ...registry.add(enumName, {
        type: "string",
        description: `The values ${enumName} accepts.`,
        enum: values,
      }),
      description: `One of ${quoted(variants.map((v) => v.value))}; it says which of the other properties apply.`,
    },
  };
  const keys = new Set(members.flatMap((member) => Object.keys(member.properties ?? {})));
  keys.delete(discriminator);
  for (const key of keys) {
    properties[key] = variantProperty(key, variants, discriminator, inside(key), registry);
  }
  const everyVariantNeeds = (key: string) =>
    members.every(
      (member) => (member.required ?? []).includes(key) && !admitsNull(member.properties?.[key] ?? {}),
    );
  const spec: ObjectTypeSpec = {
    type: "object",
    description:
      members[0].description !== undefined && members.every((m) => m.description === members[0].description)
        ? members[0].description
        : `The shape of ${where(place)}: its \`${discriminator}\` says which of the other properties apply.`,
    properties,
    required: [discriminator, ...[...keys].filter(everyVariantNeeds)],
  };
  return registry.add(name, spec);
}

function unionType(members: JsonSchemaNode[], place: Place, registry: TypeRegistry): TypeSpec {
  const objects = members.every((member) => member.properties !== undefined);
  const discriminator = objects ? discriminatorOf(members) : undefined;
  if (discriminator !== undefined) return variantsAsOneObject(members, discriminator, place, registry);
  const oneOf = members.map((member) => toPulumiType(member, place, registry));
  const distinct = oneOf.filter(
    (type, i) => oneOf.findIndex((t) => JSON.stringify(t) === JSON.stringify(type)) === i,
  );
  return distinct.length === 1 ? distinct[0] : { oneOf: distinct };
}

/** The Pulumi type of one JSON Schema node. */
export function toPulumiType(node: JsonSchemaNode, place: Place, registry: TypeRegistry): TypeSpec {
  if (node.$ref !== undefined) {
    const match = /^#\/\$defs\/(.+)$/.exec(node.$ref);
    const target = match ? place.defs[match[1]] : undefined;
    if (match === null || target === undefined)
      throw new Error(`${where(place)}: unresolved reference ${node.$ref}.`);
    if (place.resolving.includes(node.$ref)) {
      throw new Error(
        `${where(place)}: ${node.$ref} is recursive, which a Pulumi schema cannot express here.`,
      );
    }
    return toPulumiType(target, { ...place, resolving: [...place.resolving, node.$ref] }, registry);
  }
  const union = node.anyOf ?? node.oneOf;
  if (union !== undefined) {
    const members = withoutNull(union);
    if (members.length === 0) throw new Error(`${where(place)}: a union of null alone has no Pulumi type.`);
    return members.length === 1
      ? toPulumiType(members[0], place, registry)
      : unionType(members, place, registry);
  }
  if (node.enum !== undefined) return enumType(node, place, registry);

  const types = typesWithoutNull(node.type);
  if (types.length === 0) {
    if (node.const !== undefined && node.const !== null)
      return toPulumiType({ ...node, type: typeof node.const }, place, registry);
    // `{}`: zod's unknown() or any(); Pulumi's Any carries whatever the user writes.
    if (TYPE_KEYWORDS.every((key) => node[key] === undefined)) return ANY;
    throw new Error(`${where(place)}: a schema without a type: ${JSON.stringify(node)}.`);
  }
  if (types.length > 1)
    return unionType(
      types.map((type) => ({ ...node, type })),
      place,
      registry,
    );

  const [type] = types;
  if (isPrimitive(type)) return { type };
  if (type === "array") {
    // A tuple (prefixItems) has no Pulumi counterpart; a list says what its items are.
    if (node.items === undefined || typeof node.items === "boolean")
      throw new Error(`${where(place)}: a list without an item type.`);
    return {
      type: "array",
      items: toPulumiType(
        node.items,
        { ...place, property: singular(place.property), path: `${place.path}[]` },
        registry,
      ),
    };
  }
  if (type === "object") {
    if (node.properties !== undefined && Object.keys(node.properties).length > 0) {
      return objectType(node, place.owner + pascalCase(place.property), place, registry);
    }
    const values = node.additionalProperties;
    const valueType =
      values === undefined || typeof values === "boolean"
        ? ANY
        : toPulumiType(
            values,
            { ...place, property: `${place.property}Value`, path: `${place.path}{}` },
            registry,
          );
    return { type: "object", additionalProperties: valueType };
  }
  throw new Error(`${where(place)}: JSON Schema type "${type}" has no Pulumi counterpart.`);
}

/** A property: its type and its description. */
export function propertySpec(node: JsonSchemaNode, place: Place, registry: TypeRegistry): PropertySpec {
  const spec: PropertySpec = { ...toPulumiType(node, place, registry) };
  if (node.description !== undefined) spec.description = node.description;
  return spec;
}

/** Converts a catalogue property's schema; `owner` names the resource, function or type it belongs to. */
export function convertProperty(
  schema: unknown,
  owner: string,
  property: string,
  registry: TypeRegistry,
): PropertySpec {
  const node = parseJsonSchema(schema, `${owner}.${property}`);
  const place = { owner, property, path: `${owner}.${property}`, defs: node.$defs ?? {}, resolving: [] };
  return propertySpec(node, place, registry);
}
