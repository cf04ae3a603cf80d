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

/**
 * Every object with named properties inside `schema` (through unions and arrays), with the path a program
 * writes to reach it: `questions[]`, `conditions`, `questions[].branching`.
 */
export function nestedObjects(path: string, schema: JsonSchema): { path: string; schema: JsonSchema }[] {
  return alternatives(schema).flatMap((alternative) => {
    const items = itemsOf(alternative);
    if (items) return nestedObjects(`${path}[]`, items);
    const values = valuesOf(alternative);
    if (values) return nestedObjects(`${path}.<key>`, values);
    const properties = objectProperties(alternative);
    if (properties.length === 0) return [];
    return [
      { path, schema: alternative },
      ...properties.flatMap(([name, inner]) => nestedObjects(`${path}.${name}`, inner)),
    ];
  });
}
