// The package schema the plugin answers GetSchema with: valid against Pulumi's own metaschema (pulumi/pulumi
// pkg/codegen/schema/pulumi.json, the fixture beside this test), and complete against the catalogue it is
// generated from — every resource, data function and setting, each property typed and described.
import { catalogue } from "../../src/resources/catalogue";
import { getSchema, typeToken } from "../../src/plugin/schema";
import type { PropertySpec, PulumiPackageSchema } from "../../src/plugin/schema-spec";
import { FUNCTION_TOKENS, PACKAGE_NAME, RESOURCE_TOKENS } from "../../src/plugin/tokens";
import { QUESTION_TYPES } from "../../src/resources/survey/settings/questions";
import { QUESTION_KEYS } from "../../src/resources/survey/settings/questions-rule";
import { metaschemaErrors } from "../support/pulumi-metaschema";

const schema = getSchema();
const entries = catalogue();

/** Every property spec in the document: resources, the provider, config, functions and named object types. */
function everyProperty(doc: PulumiPackageSchema): [string, PropertySpec][] {
  const named = (where: string, props: Record<string, PropertySpec>): [string, PropertySpec][] =>
    Object.entries(props).map(([name, spec]) => [`${where}.${name}`, spec]);
  return [
    ...named("config", doc.config.variables),
    ...named("provider", doc.provider.inputProperties),
    ...Object.entries(doc.resources).flatMap(([token, r]) => [
      ...named(`${token} input`, r.inputProperties),
      ...named(`${token} output`, r.properties),
    ]),
    ...Object.entries(doc.functions).flatMap(([token, f]) => [
      ...named(`${token} input`, f.inputs.properties),
      ...named(`${token} output`, f.outputs.properties),
    ]),
    ...Object.entries(doc.types).flatMap(([token, t]) =>
      "properties" in t ? named(token, t.properties) : [],
    ),
  ];
}

/** The `$ref`s a type reference uses, at any depth. */
function refsOf(spec: unknown): string[] {
  if (spec === null || typeof spec !== "object") return [];
  return Object.entries(spec).flatMap(([key, value]) =>
    key === "$ref" && typeof value === "string" ? [value] : refsOf(value),
  );
}

describe("the plugin's package schema", () => {
  it("validates against Pulumi's package metaschema", () => {
    expect(metaschemaErrors(schema)).toEqual([]);
    console.log(
      [
        `package ${schema.name} ${schema.version}: ${Object.keys(schema.resources).length} resources, ` +
          `${Object.keys(schema.functions).length} functions, ${Object.keys(schema.config.variables).length} ` +
          `config keys, ${Object.keys(schema.types).length} types`,
        `resources: ${Object.keys(schema.resources).join(", ")}`,
        `functions: ${Object.keys(schema.functions).join(", ")}`,
        `config: ${Object.keys(schema.config.variables).join(", ")}`,
      ].join("\n"),
    );
  });

  it("is refused by the metaschema when it breaks a rule (the validator is live)", () => {
    const broken = {
      ...schema,
      resources: { ...schema.resources, "no-module-token": schema.resources[RESOURCE_TOKENS.Survey] },
    };
    expect(metaschemaErrors(broken)).toContain(
      '/resources must match pattern "^[a-zA-Z][-a-zA-Z0-9_]*:([^0-9][a-zA-Z0-9._/-]*)?:[^0-9][a-zA-Z0-9._/]*$"',
    );
    expect(metaschemaErrors({ ...schema, name: "posthog iac" })).toContain(
      '/name must match pattern "^[a-zA-Z][-a-zA-Z0-9_]*$"',
    );
  });

  it("holds every resource, function and setting of the catalogue, under the plugin's tokens", () => {
    expect(Object.keys(schema.resources).sort()).toEqual(
      entries.resources.map((r) => RESOURCE_TOKENS[r.name]).sort(),
    );
    expect(Object.keys(schema.functions).sort()).toEqual(
      entries.functions.map((f) => `${PACKAGE_NAME}:index:${f.name}`).sort(),
    );
    expect(Object.keys(FUNCTION_TOKENS).sort()).toEqual(entries.functions.map((f) => f.name).sort());
    expect(Object.keys(schema.config.variables)).toEqual(entries.config.map((c) => c.name));
    expect(Object.keys(schema.provider.inputProperties)).toEqual(entries.config.map((c) => c.name));
    expect(typeToken("Survey")).toBe(RESOURCE_TOKENS.Survey);
  });

  it("gives each resource the catalogue's inputs, outputs, required inputs and replacing properties", () => {
    for (const resource of entries.resources) {
      const spec = schema.resources[RESOURCE_TOKENS[resource.name]];
      const inputs = resource.properties.filter((p) => p.input);
      expect(Object.keys(spec.inputProperties)).toEqual(inputs.map((p) => p.name));
      // Bookkeeping outputs (Survey's `declared`) stay in state and out of every generated SDK.
      expect(Object.keys(spec.properties)).toEqual(
        resource.properties.filter((p) => p.output && p.internal !== true).map((p) => p.name),
      );
      expect(spec.requiredInputs).toEqual(inputs.filter((p) => p.required).map((p) => p.name));
      const replacing = Object.entries(spec.inputProperties).filter(([, p]) => p.replaceOnChanges === true);
      expect(replacing.map(([name]) => name)).toEqual(inputs.filter((p) => p.replaces).map((p) => p.name));
      // A resource's own `id` and `urn` are the engine's; a property of that name would break every SDK.
      expect(Object.keys(spec.properties).filter((name) => name === "id" || name === "urn")).toEqual([]);
    }
  });

  it("describes every property the catalogue lists with the catalogue's text", () => {
    const described = (props: Record<string, PropertySpec>) =>
      Object.fromEntries(Object.entries(props).map(([name, p]) => [name, p.description]));
    for (const resource of entries.resources) {
      const spec = schema.resources[RESOURCE_TOKENS[resource.name]];
      const text = Object.fromEntries(
        resource.properties.filter((p) => p.internal !== true).map((p) => [p.name, p.description]),
      );
      expect({ ...described(spec.inputProperties), ...described(spec.properties) }).toEqual(text);
      expect(spec.description).toBe(resource.description);
    }
    for (const fn of entries.functions) {
      const spec = schema.functions[`${PACKAGE_NAME}:index:${fn.name}`];
      expect(described(spec.inputs.properties)).toEqual(
        Object.fromEntries(fn.inputs.map((p) => [p.name, p.description])),
      );
      expect(described(spec.outputs.properties)).toEqual(
        Object.fromEntries(fn.outputs.map((p) => [p.name, p.description])),
      );
    }
    expect(described(schema.config.variables)).toEqual(
      Object.fromEntries(entries.config.map((c) => [c.name, c.description])),
    );
    for (const text of Object.values(described(schema.config.variables))) expect(text).toMatch(/\S/);
  });

  it("types every property, and every named type it refers to is defined", () => {
    const untyped = everyProperty(schema).filter(
      ([, p]) => !("type" in p) && !("$ref" in p) && !("oneOf" in p),
    );
    expect(untyped.map(([where]) => where)).toEqual([]);
    const missing = refsOf(schema)
      .filter((ref) => ref.startsWith("#/types/"))
      .filter((ref) => schema.types[ref.slice("#/types/".length)] === undefined);
    expect(missing).toEqual([]);
    const nested = everyProperty(schema).filter(
      ([where]) => where.startsWith(`${PACKAGE_NAME}:index:`) && !where.includes(" "),
    );
    const withoutText = nested.filter(([, p]) => p.description === undefined || p.description.trim() === "");
    console.log(
      `nested object properties: ${nested.length}, of which without a description: ${withoutText.length}`,
    );
    // Every depth is described, from the doc comments of the nested public types (catalogue-kit.ts, docsFrom).
    // (188 since each question type stopped being a type of its own, issue 51.)
    expect(nested.length).toBeGreaterThan(150);
    expect(withoutText.map(([where]) => where)).toEqual([]);
  });

  it("gives a survey's questions as one object type: the `type` enum and every question type's keys", () => {
    const question = `${PACKAGE_NAME}:index:SurveyQuestion`;
    const items = { type: "array", items: { $ref: `#/types/${question}` } };
    expect(schema.resources[RESOURCE_TOKENS.Survey].inputProperties.questions).toMatchObject(items);
    expect(schema.resources[RESOURCE_TOKENS.Survey].properties.questions).toMatchObject(items);
    const spec = schema.types[question];
    if (!("properties" in spec)) throw new Error(`${question} is not an object type`);
    expect(Object.keys(spec.properties).sort()).toEqual(
      [...new Set(QUESTION_TYPES.flatMap((type) => QUESTION_KEYS[type]))].sort(),
    );
    // What every question type needs; the rest is each type's, enforced by check (questions-rule.ts).
    expect(spec.required).toEqual(["type", "question"]);
    const type = schema.types[`${PACKAGE_NAME}:index:SurveyQuestionType`];
    expect("enum" in type ? type.enum.map((e) => e.value) : type).toEqual([...QUESTION_TYPES]);
    // No union is left for an engine to try member by member (pulumi-yaml) or to type as interface{} (Go).
    const unionsOfTypes = everyProperty(schema).filter(([, p]) =>
      /"oneOf":\[[^\]]*#\/types\//.test(JSON.stringify(p)),
    );
    expect(unionsOfTypes.map(([where]) => where)).toEqual([]);
  });

  it("keeps the API key secret, in config and as the provider's input", () => {
    expect(schema.config.variables.apiKey).toMatchObject({ type: "string", secret: true });
    expect(schema.provider.inputProperties.apiKey).toMatchObject({ type: "string", secret: true });
    const secrets = everyProperty(schema)
      .filter(([, p]) => p.secret === true)
      .map(([where]) => where);
    expect(secrets).toEqual(["config.apiKey", "provider.apiKey"]);
  });

  it("names an SDK package for each language Pulumi generates", () => {
    expect(Object.keys(schema.language).sort()).toEqual(["csharp", "go", "java", "nodejs", "python"]);
    expect(schema.language.python.packageName).toBe("pulumi_posthog_iac");
    expect(schema.language.go.importBasePath).toBe(
      "github.com/pulumi-posthog/pulumi-posthog/sdk/go/posthogiac",
    );
  });
});
