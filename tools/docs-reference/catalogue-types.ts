// The catalogue contract's types (docs/contributing/code-map.md): what the reference pages are generated from.
// They stand here until src/resources/catalogue.ts, which owns them, is merged; then this file goes and the
// generator imports them from there.
export type JsonSchema = { [key: string]: unknown };

export interface PropertyDoc {
  name: string;
  description: string;
  schema: JsonSchema;
  posthogField?: string;
  input: boolean;
  output: boolean;
  required: boolean;
  default?: unknown;
  replaces: boolean;
  secret?: boolean;
}

export interface ResourceDoc {
  name: "Survey" | "Invite" | "InviteBatch";
  description: string;
  properties: PropertyDoc[];
}

export interface FunctionDoc {
  name: string;
  description: string;
  inputs: PropertyDoc[];
  outputs: PropertyDoc[];
}

export interface Catalogue {
  resources: ResourceDoc[];
  functions: FunctionDoc[];
  config: PropertyDoc[];
}
