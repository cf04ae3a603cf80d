// The user docs for the plugin (docs/_index.md, docs/installation-configuration.md) against the schema they
// describe: the Registry's front matter, every YAML program's types, property names and values, the property
// and enum names the Python, Go and TypeScript examples use (and no C# example while C# is not available), and the
// config table's keys and environment variables. Generated SDKs cannot be built here (that needs the Pulumi CLI),
// so their names are derived by Pulumi's naming rules: snake_case in Python, PascalCase fields and `<Enum><Value>`
// constants in Go.
import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { getSchema } from "../../src/plugin/schema";
import type { ComplexTypeSpec, PropertySpec, TypeSpec } from "../../src/plugin/schema-spec";
import { SETTINGS } from "../../src/config";
import { PACKAGE_NAME, PROVIDER_TOKEN, RESOURCE_TOKENS } from "../../src/plugin/tokens";
import { REPO_ROOT } from "../support/self-link";
import { javaEnumConstant } from "../../tools/docs-reference/examples";

const schema = getSchema();
const DOCS = ["docs/_index.md", "docs/installation-configuration.md"];
const read = (doc: string): string => fs.readFileSync(path.join(REPO_ROOT, doc), "utf8");

/** The fenced code blocks of a document, with their language. */
function codeBlocks(doc: string): { lang: string; code: string }[] {
  return [...read(doc).matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1], code: m[2] }));
}
const blocks = DOCS.flatMap((doc) => codeBlocks(doc).map((block) => ({ ...block, doc })));
const blocksIn = (lang: string) => blocks.filter((block) => block.lang === lang);

const typeOf = (ref: string): ComplexTypeSpec | undefined => schema.types[ref.replace(/^#\/types\//, "")];
const isInterpolation = (value: unknown): boolean => typeof value === "string" && /^\$\{.+\}$/.test(value);

/** What is wrong with `value` as a value of `spec`, with the path to it; empty when it fits. */
function problems(value: unknown, spec: TypeSpec, where: string): string[] {
  if (isInterpolation(value)) return [];
  if ("$ref" in spec) {
    if (spec.$ref === "pulumi.json#/Any") return [];
    const named = typeOf(spec.$ref);
    if (named === undefined) return [`${where}: unknown type ${spec.$ref}`];
    if ("enum" in named) {
      return named.enum.some((member) => member.value === value)
        ? []
        : [`${where}: ${String(value)} is not in ${spec.$ref}`];
    }
    if (value === null || typeof value !== "object" || Array.isArray(value))
      return [`${where}: not an object`];
    return objectProblems(value, named.properties, named.required ?? [], where);
  }
  if ("oneOf" in spec) {
    return spec.oneOf.some((member) => problems(value, member, where).length === 0)
      ? []
      : [`${where}: fits no member`];
  }
  if (spec.type === "array") {
    return Array.isArray(value)
      ? value.flatMap((item, i) => problems(item, spec.items, `${where}[${i}]`))
      : [`${where}: not a list`];
  }
  if (spec.type === "object") {
    if (value === null || typeof value !== "object") return [`${where}: not a map`];
    return Object.entries(value).flatMap(([key, item]) =>
      problems(item, spec.additionalProperties, `${where}.${key}`),
    );
  }
  const fits =
    spec.type === "integer" || spec.type === "number"
      ? typeof value === "number"
      : typeof value === spec.type;
  return fits ? [] : [`${where}: ${JSON.stringify(value)} is not a ${spec.type}`];
}

function objectProblems(
  value: object,
  properties: Record<string, PropertySpec>,
  required: string[],
  where: string,
): string[] {
  return [
    ...required.filter((name) => !(name in value)).map((name) => `${where}: ${name} is required`),
    ...Object.entries(value).flatMap(([key, item]) => {
      const property = properties[key];
      return property === undefined
        ? [`${where}: no property ${key}`]
        : problems(item, property, `${where}.${key}`);
    }),
  ];
}

const yamlProgram = z.object({
  resources: z
    .record(z.string(), z.object({ type: z.string(), properties: z.record(z.string(), z.unknown()) }))
    .optional(),
  variables: z.record(z.string(), z.unknown()).optional(),
});
const invoke = z.object({
  "fn::invoke": z.object({
    function: z.string(),
    arguments: z.record(z.string(), z.unknown()),
    return: z.string().optional(),
  }),
});

/**
 * The Go SDK's constant for an enum value (pulumi/pulumi pkg/codegen/go/utilities.go, makeSafeEnumName): the value
 * with its first letter upper-cased and each "-x" turned into "_X", an underscore in front when it holds one,
 * after the type's name: "popover" -> SurveyTypePopover, "single_choice" -> SurveyType_Single_choice.
 */
function goEnumConstant(type: string, value: string): string {
  let name = (value[0].toUpperCase() + value.slice(1)).replace(
    /-(.)/g,
    (_, c: string) => `_${c.toUpperCase()}`,
  );
  name = name.replace(/_+/g, "_");
  return type + (name.includes("_") && !name.startsWith("_") ? `_${name}` : name);
}

describe("the plugin's Registry docs", () => {
  it.each(DOCS)("%s has the front matter the Pulumi Registry reads", (doc) => {
    const front = /^---\n([\s\S]*?)\n---\n/.exec(read(doc));
    expect(front).not.toBeNull();
    const fields = z.object({
      title: z.string().min(1),
      meta_desc: z.string().min(1),
      layout: z.literal("package"),
    });
    fields.parse(parse(front?.[1] ?? ""));
  });

  it("has YAML programs whose resources, properties, values and invokes are the schema's", () => {
    const programs = blocksIn("yaml").map((block) => yamlProgram.parse(parse(block.code)));
    expect(programs.length).toBeGreaterThanOrEqual(2);
    const found: string[] = [];
    for (const program of programs) {
      for (const [name, resource] of Object.entries(program.resources ?? {})) {
        found.push(resource.type);
        if (resource.type === PROVIDER_TOKEN) {
          expect(objectProblems(resource.properties, schema.provider.inputProperties, [], name)).toEqual([]);
          continue;
        }
        const spec = schema.resources[resource.type];
        expect(spec).toBeDefined();
        expect(objectProblems(resource.properties, spec.inputProperties, spec.requiredInputs, name)).toEqual(
          [],
        );
      }
      for (const [name, variable] of Object.entries(program.variables ?? {})) {
        const call = invoke.parse(variable)["fn::invoke"];
        const fn = schema.functions[call.function];
        expect(fn).toBeDefined();
        expect(objectProblems(call.arguments, fn.inputs.properties, fn.inputs.required, name)).toEqual([]);
        if (call.return !== undefined) expect(Object.keys(fn.outputs.properties)).toContain(call.return);
      }
    }
    expect(new Set(found)).toEqual(new Set([RESOURCE_TOKENS.Survey, RESOURCE_TOKENS.Invite, PROVIDER_TOKEN]));
  });

  /** Every input of Survey, Invite and the provider, and every property of a question type. */
  const inputs = new Set([
    ...Object.keys(schema.resources[RESOURCE_TOKENS.Survey].inputProperties),
    ...Object.keys(schema.resources[RESOURCE_TOKENS.Invite].inputProperties),
    ...Object.keys(schema.provider.inputProperties),
  ]);
  const questionKeys = new Set(
    Object.entries(schema.types)
      .filter(([token]) => token.startsWith(`${PACKAGE_NAME}:index:SurveyQuestion`))
      .flatMap(([, type]) => ("properties" in type ? Object.keys(type.properties) : [])),
  );
  const outputs = new Set(Object.keys(schema.resources[RESOURCE_TOKENS.Survey].properties));
  /** Enum type name -> its values. */
  const enums = new Map(
    Object.entries(schema.types).flatMap(([token, type]) =>
      "enum" in type ? [[token.split(":")[2], type.enum.map((member) => String(member.value))] as const] : [],
    ),
  );
  const camel = (name: string): string =>
    name.includes("_")
      ? name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())
      : name[0].toLowerCase() + name.slice(1);
  const unknownNames = (names: string[], known: Set<string>): string[] =>
    names.filter((name) => !known.has(camel(name)));
  const all = (code: string, pattern: RegExp): string[] => [...code.matchAll(pattern)].map((m) => m[1]);

  it("has Python examples using the SDK's resource, property and enum names", () => {
    for (const { code } of blocksIn("python")) {
      expect(
        unknownNames(
          all(code, /\b([a-z_]+)=/g).filter((k) => k !== "opts" && k !== "provider"),
          inputs,
        ),
      ).toEqual([]);
      expect(unknownNames(all(code, /"(\w+)":/g), questionKeys)).toEqual([]);
      // Python's enum members are the values upper-cased (pkg/codegen/python/utilities.go, makeSafeEnumName).
      for (const [, type, member] of code.matchAll(/posthog_iac\.(\w+)\.([A-Z_]+)\b/g)) {
        expect(enums.get(type)?.map((v) => v.toUpperCase())).toContain(member);
      }
      expect(unknownNames(all(code, /\bnps\.(\w+)/g), outputs)).toEqual([]);
    }
    expect(blocksIn("python").some(({ code }) => /target_email=/.test(code) && /name=/.test(code))).toBe(
      true,
    );
  });

  it("has Go examples using the SDK's field and enum constant names", () => {
    const constants = new Set(
      [...enums].flatMap(([type, values]) => values.map((v) => goEnumConstant(type, v))),
    );
    for (const { code } of blocksIn("go")) {
      // A question is a typed struct too (`posthogiac.SurveyQuestionArgs{Scale: …}`, issue 51).
      expect(unknownNames(all(code, /^\s+([A-Z]\w*):/gm), new Set([...inputs, ...questionKeys]))).toEqual([]);
      expect(unknownNames(all(code, /"(\w+)":/g), questionKeys)).toEqual([]);
      const used = all(code, /posthogiac\.([A-Z]\w*)\b/g).filter((name) => !/^New|Args$|Array$/.test(name));
      expect(used.filter((name) => !constants.has(name))).toEqual([]);
      expect(unknownNames(all(code, /\bnps\.(\w+)/g), outputs)).toEqual([]);
    }
  });

  // The overview's Java program is the Java quickstart's, which test/cli/java.test.ts compiles and runs.
  it("shows the Java quickstart's program as its Java example", () => {
    const app = read("examples/java-quickstart/src/main/java/myproject/App.java");
    expect(
      blocksIn("java")
        .filter((block) => block.doc === "docs/_index.md")
        .map((b) => b.code),
    ).toEqual([app]);
  });

  // The other Java examples (docs/installation-configuration.md's explicit providers) are compiled by no test: their
  // names are held to sdk/java's sources, which pulumi-java generated: each imported class exists, each setter is
  // a builder method of a class the block names, each enum constant is in its enum.
  it("has Java examples using sdk/java's classes, setters and enum constants", () => {
    const sources = path.join(REPO_ROOT, "sdk/java/src/main/java");
    const others = blocksIn("java").filter((block) => block.doc !== "docs/_index.md");
    expect(others.length).toBeGreaterThan(0);
    for (const { code } of others) {
      const imported = all(code, /^import (io\.github\.pulumiposthog\.[\w.]+);$/gm).map((name) =>
        path.join(sources, `${name.replace(/\./g, "/")}.java`),
      );
      expect(imported.filter((file) => !fs.existsSync(file))).toEqual([]);
      const classes = imported.map((file) => fs.readFileSync(file, "utf8")).join("\n");
      const setters = all(code, /^\s+\.(\w+)\(/gm).filter((name) => name !== "build");
      expect(setters.filter((name) => !classes.includes(`public Builder ${name}(`))).toEqual([]);
      for (const [, type, constant] of code.matchAll(/\b([A-Z]\w*)\.([A-Z]\w*)\b/g)) {
        if (enums.has(type)) expect(enums.get(type)?.map(javaEnumConstant)).toContain(constant);
      }
    }
  });

  // The README lists C# as not yet available: no .NET SDK can be generated or tested here, so the
  // docs show no C# program a reader would take as supported (issue 36).
  it("shows no C# example while C# is not available", () => {
    expect(blocksIn("csharp").map((block) => block.doc)).toEqual([]);
    expect(read("README.md")).toMatch(/C# is not available yet/);
  });

  // The reference pages showed a C# program on every page (issue 51), for an SDK that does not exist. A language
  // has an example there only when there is something to run it with: the npm package (TypeScript) or a generated
  // SDK in sdk/<language> (YAML's is its package declaration, sdk/yaml).
  it("the reference pages show examples only in languages that have an SDK", () => {
    const withSdk = new Set([
      "typescript",
      ...fs
        .readdirSync(path.join(REPO_ROOT, "sdk"), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name),
    ]);
    const pages = fs.readdirSync(path.join(REPO_ROOT, "docs/reference")).filter((f) => f.endsWith(".md"));
    const fences = pages.flatMap((page) =>
      [...read(`docs/reference/${page}`).matchAll(/^```(\w+)\n/gm)].map((m) => `${page}: ${m[1]}`),
    );
    expect(fences.filter((f) => /: (csharp|cs|java)$/.test(f) && !withSdk.has(f.split(": ")[1]))).toEqual([]);
    const examples = path.join(REPO_ROOT, "examples/reference");
    const folders = fs
      .readdirSync(examples)
      .flatMap((page) => fs.readdirSync(path.join(examples, page)).map((language) => `${page}/${language}`));
    expect(folders.filter((f) => !withSdk.has(f.split("/")[1]))).toEqual([]);
  });

  it("has TypeScript examples using the same property names", () => {
    for (const { code } of blocksIn("typescript")) {
      expect(unknownNames(all(code, /\b(\w+): /g), new Set([...inputs, ...questionKeys]))).toEqual([]);
    }
  });

  it("lists every config key with its environment variables", () => {
    const rows = [
      ...read("docs/installation-configuration.md").matchAll(/^\| `posthog-iac:(\w+)` \| (.+?) \|/gm),
    ];
    expect(rows.map((row) => row[1]).sort()).toEqual(Object.keys(schema.config.variables).sort());
    for (const [, key, env] of rows) {
      const setting = Object.entries(SETTINGS).find(([name]) => name === key)?.[1];
      expect([...env.matchAll(/`(\w+)`/g)].map((m) => m[1])).toEqual(setting?.env);
    }
  });
});
