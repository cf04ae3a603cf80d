// The shape of a Pulumi package schema, as far as this package writes one. It follows Pulumi's metaschema
// (pulumi/pulumi pkg/codegen/schema/pulumi.json, committed as test/unit/fixtures/pulumi-metaschema/pulumi.json),
// which the schema test validates the generated document against.

export type PrimitiveType = "boolean" | "integer" | "number" | "string";

/** A reference to a type: a primitive, an array, a map, a named type (`$ref`) or a union (`oneOf`). */
export type TypeSpec =
  | { type: PrimitiveType }
  | { type: "array"; items: TypeSpec }
  | { type: "object"; additionalProperties: TypeSpec }
  | { $ref: string }
  | { type?: PrimitiveType; oneOf: TypeSpec[] };

/** A property of a resource, an object type, a function's inputs or outputs, or the provider's config. */
export type PropertySpec = TypeSpec & {
  /** Always set on a resource's, function's and config's own properties (the catalogue's text); on a nested
   * object's properties when the JSON Schema carries one. */
  description?: string;
  secret?: boolean;
  replaceOnChanges?: boolean;
};

export interface ObjectTypeSpec {
  type: "object";
  description: string;
  properties: Record<string, PropertySpec>;
  required?: string[];
}

export interface EnumTypeSpec {
  type: PrimitiveType;
  description: string;
  /** Each value, with what it means when the source says (a question type's `type` doc comment). */
  enum: { value: string | number | boolean; description?: string }[];
}

export type ComplexTypeSpec = ObjectTypeSpec | EnumTypeSpec;

export interface ResourceSpec {
  description: string;
  inputProperties: Record<string, PropertySpec>;
  requiredInputs: string[];
  properties: Record<string, PropertySpec>;
  required: string[];
}

export interface FunctionSpec {
  description: string;
  inputs: { properties: Record<string, PropertySpec>; required: string[] };
  outputs: { properties: Record<string, PropertySpec>; required: string[] };
}

export interface PulumiPackageSchema {
  name: string;
  displayName: string;
  version: string;
  description: string;
  keywords: string[];
  homepage: string;
  license: string;
  repository: string;
  publisher: string;
  pluginDownloadURL?: string;
  config: { variables: Record<string, PropertySpec> };
  provider: ResourceSpec;
  types: Record<string, ComplexTypeSpec>;
  resources: Record<string, ResourceSpec>;
  functions: Record<string, FunctionSpec>;
  language: {
    nodejs: { packageName: string; packageDescription: string; respectSchemaVersion: boolean };
    python: { packageName: string; pyproject: { enabled: boolean }; respectSchemaVersion: boolean };
    go: { importBasePath: string; generateResourceContainerTypes: boolean; respectSchemaVersion: boolean };
    csharp: { rootNamespace: string; respectSchemaVersion: boolean };
    java: { basePackage: string; buildFiles: string };
  };
}
