// A property's JSON Schema (as zod 4's z.toJSONSchema writes it) as the type a TypeScript program reads:
// `string`, `"popover" | "api"`, `number[]`, `object`, `map of number`. Objects with named properties are listed below the table
// they appear in (nestedObjects), so every nested setting gets a row of its own.
import type { JsonSchema } from "../../src/resources/catalogue";

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const schemaList = (value: unknown): JsonSchema[] => (Array.isArray(value) ? value.filter(isSchema) : []);

const literal = (value: unknown): string => JSON.stringify(value);

/** The object properties a schema declares, if it is an object with named properties. */
export function objectProperties(schema: JsonSchema): [string, JsonSchema][] {
  const properties = schema.properties;
  if (!isSchema(properties)) return [];
  return Object.entries(properties).filter((entry): entry is [string, JsonSchema] => isSchema(entry[1]));
}

/** The names an object schema requires. */
export function requiredNames(schema: JsonSchema): Set<string> {
  return new Set(Array.isArray(schema.required) ? schema.required.filter((n) => typeof n === "string") : []);
}

/** The schema's alternatives (anyOf/oneOf), or the schema itself. */
function alternatives(schema: JsonSchema): JsonSchema[] {
  const union = [...schemaList(schema.anyOf), ...schemaList(schema.oneOf)];
  return union.length > 0 ? union : [schema];
}

/** The schema of an array's items, if it is an array. */
export function itemsOf(schema: JsonSchema): JsonSchema | undefined {
  return schema.type === "array" && isSchema(schema.items) ? schema.items : undefined;
}

/** The schema of a map's values (an object with no named properties), if it says one. */
export function valuesOf(schema: JsonSchema): JsonSchema | undefined {
  if (schema.type !== "object" || objectProperties(schema).length > 0) return undefined;
  const values = schema.additionalProperties;
  return isSchema(values) && Object.keys(values).length > 0 ? values : undefined;
}

function single(schema: JsonSchema): string {
  if ("const" in schema) return literal(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map(literal).join(" | ");
  if (typeof schema.$ref === "string") return schema.$ref.split("/").pop() ?? "object";
  const items = itemsOf(schema);
  if (items) {
    const inner = typeText(items);
    return inner.includes(" | ") ? `(${inner})[]` : `${inner}[]`;
  }
  switch (schema.type) {
    case "string":
      return schema.format === "date-time" ? "string (ISO 8601 date-time)" : "string";
    case "integer":
      return "integer";
    case "number":
    case "boolean":
    case "null":
      return schema.type;
    case "object": {
      if (objectProperties(schema).length > 0) return "object";
      const values = valuesOf(schema);
      if (!values) return "map";
      const inner = typeText(values);
      return inner.includes(" | ") ? `map of (${inner})` : `map of ${inner}`;
    }
    default:
      // `{}` is zod's "anything" (z.unknown(), or a type JSON Schema cannot say, such as Date).
      return Array.isArray(schema.type) ? schema.type.join(" | ") : "any";
  }
}

/** The type as a program reads it, alternatives joined with `|`, each named once. */
export function typeText(schema: JsonSchema): string {
  const parts = alternatives(schema).map(single);
  return [...new Set(parts)].join(" | ");
}

/** `type "open"`: the constant an alternative of a union is told apart by (its `type` key first), if any. */
export function discriminant(schema: JsonSchema): string | undefined {
  const constants = objectProperties(schema).filter(([, inner]) => "const" in inner);
  const [name, inner] = constants.find(([key]) => key === "type") ?? constants[0] ?? [];
  return name === undefined || inner === undefined ? undefined : `${name} ${literal(inner.const)}`;
}

export interface NestedObject {
  /** The path a program writes to reach it: `questions[]`, `questions[].branching`. */
  path: string;
  /** What tells this alternative of a union apart (`type "open"`), when it is one. */
  variant?: string;
  /** The alternatives of the objects it lies in, outermost first (`type "rating"` for a rating's translations). */
  within: string[];
  schema: JsonSchema;
}

/**
 * Every object with named properties inside `schema` (through unions and arrays), with the path a program
 * writes to reach it and, for the alternatives of a union, what tells them apart.
 */
export function nestedObjects(path: string, schema: JsonSchema, within: string[] = []): NestedObject[] {
  const union = alternatives(schema);
  return union.flatMap((alternative) => {
    const items = itemsOf(alternative);
    if (items) return nestedObjects(`${path}[]`, items, within);
    const values = valuesOf(alternative);
    if (values) return nestedObjects(`${path}.<key>`, values, within);
    const properties = objectProperties(alternative);
    if (properties.length === 0) return [];
    const variant = union.length > 1 ? discriminant(alternative) : undefined;
    const inner = variant ? [...within, variant] : within;
    return [
      { path, ...(variant ? { variant } : {}), within, schema: alternative },
      ...properties.flatMap(([name, schema]) => nestedObjects(`${path}.${name}`, schema, inner)),
    ];
  });
}

/**
 * The nested objects, each once, with a heading of its own: an object that is the same in every alternative it
 * lies in (a question's branching) is listed once; one that differs (a question type's translations) is listed
 * per alternative, named by it.
 */
export function distinctNestedObjects(
  path: string,
  schema: JsonSchema,
): { heading: string; schema: JsonSchema }[] {
  const all = nestedObjects(path, schema);
  const key = (o: NestedObject) => `${o.path} ${o.variant ?? ""}`;
  const shapes = new Map<string, Set<string>>();
  for (const o of all) shapes.set(key(o), (shapes.get(key(o)) ?? new Set()).add(JSON.stringify(o.schema)));
  const seen = new Set<string>();
  const result: { heading: string; schema: JsonSchema }[] = [];
  for (const o of all) {
    const same = shapes.get(key(o))!.size === 1;
    const name = [
      `\`${o.path}\``,
      ...(o.variant ? [`with ${o.variant}`] : []),
      ...(!same && o.within.length > 0 ? [`in ${o.within.join(", ")}`] : []),
    ].join(" ");
    if (seen.has(name)) continue;
    seen.add(name);
    result.push({ heading: name, schema: o.schema });
  }
  return result;
}
