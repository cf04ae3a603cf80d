// The Pulumi package schema the plugin's GetSchema answers, generated from the catalogue (src/resources/catalogue.ts)
// and nothing else: every resource, data function and provider setting, with its type from the property's zod rule
// and its description from the public types' doc comments. Pulumi's codegen (`pulumi package add`, `gen-sdk`) builds
// the Python, Go, C#, Java and YAML faces from it; docs/plugin.md says how.
import {
  catalogue,
  type Catalogue,
  type FunctionDoc,
  type PropertyDoc,
  type ResourceDoc,
} from "../resources/catalogue";
import { admitsNull, convertProperty, pascalCase, TypeRegistry } from "./json-schema-to-pulumi";
import { packageManifest, pluginDownloadURL, repositoryPath } from "./manifest";
import { pinnedTypeNames } from "./type-names";
import type { FunctionSpec, PropertySpec, PulumiPackageSchema, ResourceSpec } from "./schema-spec";
import { FUNCTION_TOKENS, PACKAGE_NAME, RESOURCE_TOKENS, type FunctionName } from "./tokens";

/** The token of a named object or enum type; resources and functions have theirs in tokens.ts. */
export const typeToken = (name: string): string => `${PACKAGE_NAME}:index:${name}`;

/** Which side of a resource or function a property is on: what is declared, or what is given back. */
type Side = "input" | "output";

/** The property's type on that side. */
const schemaOf = (doc: PropertyDoc, side: Side) =>
  side === "output" ? (doc.outputSchema ?? doc.schema) : doc.schema;

/** The catalogue's property as a schema property: its type, its description, whether it is secret or replaces. */
function property(doc: PropertyDoc, owner: string, registry: TypeRegistry, side: Side): PropertySpec {
  const spec: PropertySpec = {
    ...convertProperty(schemaOf(doc, side), owner, doc.name, registry),
    description: doc.description,
  };
  if (doc.secret === true) spec.secret = true;
  if (doc.replaces) spec.replaceOnChanges = true;
  return spec;
}

function properties(
  docs: PropertyDoc[],
  owner: string,
  registry: TypeRegistry,
  side: Side,
): Record<string, PropertySpec> {
  return Object.fromEntries(docs.map((doc) => [doc.name, property(doc, owner, registry, side)]));
}

function resource(doc: ResourceDoc, registry: TypeRegistry): ResourceSpec {
  const inputs = doc.properties.filter((p) => p.input);
  // The provider's own bookkeeping stays in state, out of every generated SDK.
  const outputs = doc.properties.filter((p) => p.output && p.internal !== true);
  return {
    description: doc.description,
    inputProperties: properties(inputs, doc.name, registry, "input"),
    requiredInputs: inputs.filter((p) => p.required).map((p) => p.name),
    properties: properties(outputs, doc.name, registry, "output"),
    required: outputs.filter((p) => !admitsNull(schemaOf(p, "output"))).map((p) => p.name),
  };
}

const isFunctionName = (name: string): name is FunctionName => Object.hasOwn(FUNCTION_TOKENS, name);

function functionSpec(doc: FunctionDoc, registry: TypeRegistry): FunctionSpec {
  const owner = pascalCase(doc.name);
  return {
    description: doc.description,
    inputs: {
      properties: properties(doc.inputs, owner, registry, "input"),
      required: doc.inputs.filter((p) => p.required).map((p) => p.name),
    },
    outputs: {
      properties: properties(doc.outputs, owner, registry, "output"),
      required: doc.outputs.filter((p) => !admitsNull(schemaOf(p, "output"))).map((p) => p.name),
    },
  };
}

interface Converted {
  variables: Record<string, PropertySpec>;
  resources: Record<string, ResourceSpec>;
  functions: Record<string, FunctionSpec>;
}

/** Every resource, function and setting of the catalogue, converted with the types going into `registry`. */
function convert({ resources, functions, config }: Catalogue, registry: TypeRegistry): Converted {
  const variables = properties(config, "Provider", registry, "input");
  const resourceSpecs: Record<string, ResourceSpec> = {};
  for (const doc of resources) resourceSpecs[RESOURCE_TOKENS[doc.name]] = resource(doc, registry);
  const functionSpecs: Record<string, FunctionSpec> = {};
  for (const doc of functions) {
    if (!isFunctionName(doc.name)) {
      throw new Error(`The catalogue's function ${doc.name} has no token in src/plugin/tokens.ts: add one.`);
    }
    functionSpecs[FUNCTION_TOKENS[doc.name]] = functionSpec(doc, registry);
  }
  return { variables, resources: resourceSpecs, functions: functionSpecs };
}

/**
 * The name the first pass proposes for each place a type sits (`SurveyQuestionOpenBranchingEnd` -> `BranchingEnd`):
 * places with the same shape share the words their names share. `test/unit/plugin-type-names.test.ts` holds the
 * pins in type-names.ts to this, so a new place gets a pin before it ships.
 */
export function proposedTypeNames(entries: Catalogue = catalogue()): Map<string, string> {
  const firstPass = new TypeRegistry(typeToken);
  convert(entries, firstPass);
  return firstPass.sharedNames();
}

export function getSchema(): PulumiPackageSchema {
  const entries = catalogue();
  const manifest = packageManifest();
  const repository = repositoryPath(manifest.repository.url);
  // The first pass finds which places share a shape; the second names every type by its pin (type-names.ts).
  const registry = new TypeRegistry(typeToken, pinnedTypeNames(proposedTypeNames(entries)));
  const { variables, resources, functions } = convert(entries, registry);

  return {
    name: PACKAGE_NAME,
    displayName: "PostHog surveys and invites",
    version: manifest.version,
    description:
      "PostHog surveys, organization invites and their data functions, with a PostHog-compatible emulator.",
    keywords: ["pulumi", "posthog", "surveys", "invites", "category/monitoring", "kind/native"],
    homepage: manifest.homepage,
    license: manifest.license,
    repository: `https://${repository}`,
    publisher: "pulumi-posthog",
    pluginDownloadURL: pluginDownloadURL(manifest.repository.url),
    config: { variables },
    provider: {
      description: `The ${PACKAGE_NAME} provider: which PostHog host, key, project and organization resources go to.`,
      inputProperties: variables,
      requiredInputs: [],
      properties: {},
      required: [],
    },
    types: registry.types,
    resources,
    functions,
    language: {
      nodejs: {
        packageName: `@pulumi-posthog/${PACKAGE_NAME}`,
        packageDescription:
          "A Pulumi SDK for PostHog surveys and invites, generated from the provider plugin.",
        respectSchemaVersion: true,
      },
      python: {
        packageName: `pulumi_${PACKAGE_NAME.replace(/-/g, "_")}`,
        pyproject: { enabled: true },
        respectSchemaVersion: true,
      },
      go: {
        importBasePath: `${repository}/sdk/go/${PACKAGE_NAME.replace(/-/g, "")}`,
        generateResourceContainerTypes: true,
        respectSchemaVersion: true,
      },
      csharp: { rootNamespace: "PulumiPosthog", respectSchemaVersion: true },
      java: { basePackage: "io.github.pulumiposthog", buildFiles: "gradle" },
    },
  };
}
