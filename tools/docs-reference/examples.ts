// The usage example of each resource and data function, from its one language-neutral description in the
// catalogue (ExampleDoc), as a program in TypeScript (the `pulumi-posthog` dynamic package), Python, Go,
// Java and YAML (the `posthog-iac` plugin's SDKs; a language is listed once its SDK exists, so no C#: there is no .NET
// SDK, docs/plugin.md): property names per language as Pulumi's code generators spell
// them, enums through the plugin schema's enum types. Each is shown on the reference page and written as a
// runnable program under examples/reference/<page>/<language>/.
import type { ExampleDoc, ExampleValue, JsonSchema } from "../../src/resources/catalogue";
import { FUNCTION_TOKENS, PACKAGE_NAME, RESOURCE_TOKENS } from "../../src/plugin/tokens";
import type { JavaSdk } from "../release/java-sdk";

export type Language = "typescript" | "python" | "go" | "java" | "yaml";
export const LANGUAGES: readonly Language[] = ["typescript", "python", "go", "java", "yaml"];

/** The plugin's package schema, as far as the examples read it. */
export interface SchemaView {
  types: { [token: string]: JsonSchema };
  resources: { [token: string]: { inputProperties?: { [name: string]: JsonSchema } } };
  functions: {
    [token: string]: { inputs?: { properties?: { [name: string]: JsonSchema }; required?: string[] } };
  };
}

/** What is being exemplified: a resource (class) or a data function. */
export interface ExampleSubject {
  kind: "resource" | "function";
  /** `Survey`, `getSurveys`. */
  name: string;
  example: ExampleDoc;
}

const GO_MODULE = "github.com/pulumi-posthog/pulumi-posthog/sdk/go/posthogiac";
const PYTHON_MODULE = "pulumi_posthog_iac";

// The names each language gives an input and an enum value: one place, shared with the messages that name a fix.
export { javaEnumConstant, pascalCase, snakeCase } from "../../src/provider-kit/program-spelling";
import { javaEnumConstant, pascalCase, snakeCase } from "../../src/provider-kit/program-spelling";

const isObject = (v: ExampleValue): v is { [key: string]: ExampleValue } =>
  typeof v === "object" && !Array.isArray(v);

const token = (subject: ExampleSubject): string =>
  subject.kind === "resource"
    ? RESOURCE_TOKENS[subject.name as keyof typeof RESOURCE_TOKENS]
    : FUNCTION_TOKENS[subject.name as keyof typeof FUNCTION_TOKENS];

const refName = (schema: JsonSchema | undefined): string | undefined =>
  typeof schema?.$ref === "string" ? schema.$ref.split("/").pop() : undefined;

/** The schema of a type the property refers to (`#/types/posthog-iac:index:SurveyType`), if any. */
function referred(schema: SchemaView, property: JsonSchema | undefined): JsonSchema | undefined {
  const ref = refName(property);
  return ref ? schema.types[ref] : undefined;
}

const typeName = (tokenText: string) => tokenText.split(":").pop() ?? tokenText;

/** An array whose items are a union: Go's SDK types it `pulumi.ArrayInput` (codegen has no Go union type). */
const isUnionArray = (items: JsonSchema | undefined): boolean => Array.isArray(items?.oneOf);

export function topProperties(schema: SchemaView, subject: ExampleSubject): { [name: string]: JsonSchema } {
  const t = token(subject);
  return subject.kind === "resource"
    ? (schema.resources[t]?.inputProperties ?? {})
    : (schema.functions[t]?.inputs?.properties ?? {});
}

const json = (v: string) => JSON.stringify(v);

// ---- TypeScript (dynamic package): the catalogue's own names.
function tsValue(v: ExampleValue, indent: string): string {
  if (Array.isArray(v)) return `[${v.map((x) => tsValue(x, indent)).join(", ")}]`;
  if (isObject(v)) {
    const inner = Object.entries(v).map(([k, x]) => `${k}: ${tsValue(x, indent)}`);
    return `{ ${inner.join(", ")} }`;
  }
  return typeof v === "string" ? json(v) : String(v);
}

function typescript(subject: ExampleSubject): string {
  const { name, args, output } = subject.example;
  const lines = Object.entries(args).map(([k, v]) => `  ${k}: ${tsValue(v, "  ")},`);
  const body = lines.length ? `{\n${lines.join("\n")}\n}` : "{}";
  const call =
    subject.kind === "resource"
      ? `const ${name} = new posthog.${subject.name}(${json(name)}, ${body});`
      : `const ${name} = posthog.${subject.name}Output(${body});`;
  return `import * as posthog from "pulumi-posthog";\n\n${call}\n\nexport const ${output} = ${name}.${output};\n`;
}

// ---- Python: snake_case arguments and keys of input dicts.
function pyValue(v: ExampleValue): string {
  if (Array.isArray(v)) return `[${v.map(pyValue).join(", ")}]`;
  if (isObject(v))
    return `{${Object.entries(v)
      .map(([k, x]) => `${json(snakeCase(k))}: ${pyValue(x)}`)
      .join(", ")}}`;
  if (typeof v === "boolean") return v ? "True" : "False";
  return typeof v === "string" ? json(v) : String(v);
}

function python(subject: ExampleSubject): string {
  const { name, args, output } = subject.example;
  const kwargs = Object.entries(args).map(([k, v]) => `    ${snakeCase(k)}=${pyValue(v)},`);
  const call =
    subject.kind === "resource"
      ? `${name} = posthog_iac.${subject.name}(\n    ${json(name)},\n${kwargs.join("\n")}\n)`
      : `${name} = posthog_iac.${snakeCase(subject.name)}_output(${kwargs.length ? `\n${kwargs.join("\n")}\n` : ""})`;
  return (
    `import pulumi\nimport ${PYTHON_MODULE} as posthog_iac\n\n${call}\n\n` +
    `pulumi.export(${json(output)}, ${name}.${snakeCase(output)})\n`
  );
}

// ---- Go: PascalCase fields, typed inputs (pulumi.String, enum constants, <Type>Args structs and arrays).
function goValue(
  schema: SchemaView,
  property: JsonSchema | undefined,
  v: ExampleValue,
  plain: boolean,
  indent: string,
): string {
  const type = referred(schema, property);
  const ref = refName(property);
  if (type && Array.isArray(type.enum) && typeof v === "string" && ref) {
    return `posthogiac.${typeName(ref)}${pascalCase(v)}`;
  }
  if (Array.isArray(v)) {
    const items = property?.items as JsonSchema | undefined;
    const itemRef = refName(items);
    const arrayType = isUnionArray(items)
      ? "pulumi.Array"
      : itemRef
        ? `posthogiac.${typeName(itemRef)}Array`
        : plain
          ? "[]string"
          : "pulumi.StringArray";
    const inner = v.map((x) => `${indent}\t${goValue(schema, items, x, plain, `${indent}\t`)},`);
    return `${arrayType}{\n${inner.join("\n")}\n${indent}}`;
  }
  if (isObject(v)) {
    const objectType = type ?? {};
    const props = (objectType.properties ?? {}) as { [name: string]: JsonSchema };
    const fields = Object.entries(v).map(
      ([k, x]) => `${indent}\t${pascalCase(k)}: ${goValue(schema, props[k], x, plain, `${indent}\t`)},`,
    );
    return `posthogiac.${ref ? typeName(ref) : "Object"}Args{\n${fields.join("\n")}\n${indent}}`;
  }
  if (plain) {
    if (typeof v === "string") return `pulumi.StringRef(${json(v)})`;
    return typeof v === "boolean" ? `pulumi.BoolRef(${v})` : `pulumi.IntRef(${v})`;
  }
  if (typeof v === "string") return `pulumi.String(${json(v)})`;
  return typeof v === "boolean" ? `pulumi.Bool(${v})` : `pulumi.Int(${v})`;
}

/**
 * A data function's Go name: Pulumi's Go generator calls `getX` `LookupX` when the package has a resource `X`
 * (pulumi/pulumi pkg/codegen/go/gen.go, the "Lookup" rename), so `getSurvey` is `LookupSurvey`.
 */
function goFunctionName(schema: SchemaView, name: string): string {
  const rest = name.replace(/^get/, "");
  const clashes = rest !== name && Object.keys(schema.resources).some((t) => typeName(t) === rest);
  return clashes ? `Lookup${rest}` : pascalCase(name);
}

/** A required scalar argument of a data function: Go's plain args struct takes the value itself. */
function goRequiredPlain(v: ExampleValue): string {
  return typeof v === "string" ? json(v) : String(v);
}

function go(schema: SchemaView, subject: ExampleSubject): string {
  const { name, args, output } = subject.example;
  const props = topProperties(schema, subject);
  const plain = subject.kind === "function";
  const required = new Set(
    subject.kind === "function" ? (schema.functions[token(subject)]?.inputs?.required ?? []) : [],
  );
  const fields = Object.entries(args).map(([k, v]) => {
    const value =
      required.has(k) && !Array.isArray(v) && !isObject(v)
        ? goRequiredPlain(v)
        : goValue(schema, props[k], v, plain, "\t\t\t");
    return `\t\t\t${pascalCase(k)}: ${value},`;
  });
  const goName = subject.kind === "function" ? goFunctionName(schema, subject.name) : subject.name;
  const argType = `posthogiac.${pascalCase(goName)}Args`;
  const argsText = fields.length ? `&${argType}{\n${fields.join("\n")}\n\t\t}` : `&${argType}{}`;
  const call =
    subject.kind === "resource"
      ? `${name}, err := posthogiac.New${subject.name}(ctx, ${json(name)}, ${argsText})`
      : `${name}, err := posthogiac.${goName}(ctx, ${argsText}, nil)`;
  const exported =
    subject.kind === "resource"
      ? `${name}.${pascalCase(output)}`
      : `pulumi.Any(${name}.${pascalCase(output)})`;
  return [
    "package main",
    "",
    "import (",
    `\t"${GO_MODULE}"`,
    '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
    ")",
    "",
    "func main() {",
    "\tpulumi.Run(func(ctx *pulumi.Context) error {",
    `\t\t${call}`,
    "\t\tif err != nil {",
    "\t\t\treturn err",
    "\t\t}",
    `\t\tctx.Export(${json(output)}, ${exported})`,
    "\t\treturn nil",
    "\t})",
    "}",
    "",
  ].join("\n");
}

// ---- Java: pulumi-java's builders (`SurveyArgs.builder()…build()`), enums through their classes, data functions
// through PosthogiacFunctions. Names as pulumi-java's generator (pkg/codegen/java) writes them: a property keeps its
// schema name as the builder's method and the getter; an object type `T` is `inputs.TArgs`; an enum type `E` is
// `enums.E` and its value's constant the value capitalised (names.MakeSafeEnumName: strings.Title of the valid
// identifier, runs of `_` made one); a function `getX` is `PosthogiacFunctions.getX` taking `inputs.GetXArgs`.

/** The Java SDK's package (sdk/java: the schema's java basePackage and the package name without its dash). */
export const JAVA_PACKAGE = "io.github.pulumiposthog.posthogiac";

/**
 * An input's name in Java, as a reference table shows it: the builder's setter (`.targetEmail(…)`), then, for an
 * enum type, each value's constant through its class (`Level.Member`), as the examples write them.
 */
export function javaInputNames(schema: SchemaView, name: string, property: JsonSchema | undefined): string[] {
  const items = property?.items as JsonSchema | undefined;
  const enumProperty = referred(schema, property)?.enum ? property : items;
  const type = referred(schema, enumProperty);
  const ref = refName(enumProperty);
  const values: unknown[] = Array.isArray(type?.enum) ? type.enum : [];
  const constants = values.flatMap((entry) =>
    ref && typeof entry === "object" && entry !== null && "value" in entry && typeof entry.value === "string"
      ? [`${typeName(ref)}.${javaEnumConstant(entry.value)}`]
      : [],
  );
  return [`.${name}(…)`, ...constants];
}

/** An enum type of the plugin schema, by its Java class, with each value and the constant pulumi-java names for it. */
export interface JavaEnum {
  type: string;
  constants: { value: string; constant: string }[];
}

/** The type tokens a schema refers to (`$ref`), at any depth: properties, items, maps and unions. */
function refsIn(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refsIn);
  if (typeof node !== "object" || node === null) return [];
  return Object.entries(node).flatMap(([key, inner]) =>
    key === "$ref" && typeof inner === "string" ? [inner.split("/").pop() ?? inner] : refsIn(inner),
  );
}

/**
 * Every enum type a resource's or data function's inputs reach, through object types at any depth (a question's
 * `SurveyQuestionType` too), in the order first reached, with the Java constant of each string value.
 */
export function javaEnums(schema: SchemaView, subject: ExampleSubject): JavaEnum[] {
  const seen = new Set<string>();
  const found: JavaEnum[] = [];
  const visit = (refs: string[]): void => {
    for (const ref of refs) {
      if (seen.has(ref)) continue;
      seen.add(ref);
      const type = schema.types[ref];
      const values: unknown[] = Array.isArray(type?.enum) ? type.enum : [];
      if (values.length === 0) {
        visit(refsIn(type?.properties));
        continue;
      }
      const constants = values.flatMap((entry) =>
        typeof entry === "object" && entry !== null && "value" in entry && typeof entry.value === "string"
          ? [{ value: entry.value, constant: `${typeName(ref)}.${javaEnumConstant(entry.value)}` }]
          : [],
      );
      found.push({ type: typeName(ref), constants });
    }
  };
  visit(refsIn(topProperties(schema, subject)));
  return found;
}

/** A Java expression for `v`; `imports` collects the SDK classes it names. */
function javaValue(
  schema: SchemaView,
  property: JsonSchema | undefined,
  v: ExampleValue,
  imports: Set<string>,
  indent: string,
): string {
  const type = referred(schema, property);
  const ref = refName(property);
  if (type && Array.isArray(type.enum) && typeof v === "string" && ref) {
    imports.add(`enums.${typeName(ref)}`);
    return `${typeName(ref)}.${javaEnumConstant(v)}`;
  }
  if (Array.isArray(v)) {
    // The builders take a list as varargs (`questions(SurveyQuestionArgs... questions)`).
    const items = property?.items as JsonSchema | undefined;
    const inner = v.map((x) => javaValue(schema, items, x, imports, `${indent}    `));
    return inner.length > 0 && v.some(isObject)
      ? `\n${indent}    ${inner.join(`,\n${indent}    `)}`
      : inner.join(", ");
  }
  if (isObject(v)) {
    if (!type || !ref)
      throw new Error(`no Java rendering for an object without a schema type: ${JSON.stringify(v)}`);
    const args = `${typeName(ref)}Args`;
    imports.add(`inputs.${args}`);
    const props = (type.properties ?? {}) as { [name: string]: JsonSchema };
    return javaBuilder(
      args,
      Object.entries(v).map(([k, x]) => [k, javaValue(schema, props[k], x, imports, `${indent}    `)]),
      indent,
    );
  }
  if (typeof v === "string") return json(v);
  // A schema `number` is a Double in Java, which an int literal does not box to.
  if (typeof v === "number" && property?.type === "number" && Number.isInteger(v)) return `${v}.0`;
  return String(v);
}

/** `T.builder()`, a line per setter, `.build()`. */
function javaBuilder(type: string, setters: [string, string][], indent: string): string {
  const lines = setters.map(([k, text]) => `${indent}    .${k}(${text})`);
  return [`${type}.builder()`, ...lines, `${indent}    .build()`].join("\n");
}

function java(schema: SchemaView, subject: ExampleSubject): string {
  const { name, args, output } = subject.example;
  if (["ctx", "args"].includes(name)) throw new Error(`a Java example cannot be called ${name}`);
  const props = topProperties(schema, subject);
  const imports = new Set<string>();
  const indent = "            ";
  const setters = Object.entries(args).map(([k, v]): [string, string] => [
    k,
    javaValue(schema, props[k], v, imports, `${indent}    `),
  ]);
  let statement: string;
  let exported: string;
  if (subject.kind === "resource") {
    imports.add(subject.name);
    imports.add(`${subject.name}Args`);
    statement = `var ${name} = new ${subject.name}(${json(name)}, ${javaBuilder(`${subject.name}Args`, setters, indent)});`;
    exported = `${name}.${output}()`;
  } else {
    imports.add("PosthogiacFunctions");
    const argsType = `${pascalCase(subject.name)}Args`;
    if (setters.length > 0) imports.add(`inputs.${argsType}`);
    const call = setters.length > 0 ? javaBuilder(argsType, setters, indent) : "";
    statement = `var ${name} = PosthogiacFunctions.${subject.name}(${call});`;
    exported = `${name}.applyValue(result -> result.${output}())`;
  }
  return [
    "package myproject;",
    "",
    "import com.pulumi.Pulumi;",
    ...[...imports].sort().map((i) => `import ${JAVA_PACKAGE}.${i};`),
    "",
    "public class App {",
    "    public static void main(String[] args) {",
    "        Pulumi.run(ctx -> {",
    `            ${statement}`,
    "",
    `            ctx.export(${json(output)}, ${exported});`,
    "        });",
    "    }",
    "}",
    "",
  ].join("\n");
}

// ---- YAML: the plugin's type tokens, the catalogue's (camelCase) names.
function yamlValue(v: ExampleValue, indent: string): string {
  if (Array.isArray(v)) {
    return v
      .map((x) => {
        const text = yamlValue(x, `${indent}  `);
        return `\n${indent}- ${isObject(x) ? text.trimStart() : text}`;
      })
      .join("");
  }
  if (isObject(v)) {
    return Object.entries(v)
      .map(([k, x], i) => {
        const text = yamlValue(x, `${indent}  `);
        const sep = Array.isArray(x) || isObject(x) ? "" : " ";
        return `${i === 0 ? "\n" : "\n"}${indent}${k}:${sep}${text}`;
      })
      .join("");
  }
  return typeof v === "string" ? json(v) : String(v);
}

function yaml(subject: ExampleSubject, project: string): string {
  const { name, args, output } = subject.example;
  const entries = Object.keys(args).length ? yamlValue(args, "      ") : " {}";
  const head = `name: ${project}\nruntime: yaml\n`;
  if (subject.kind === "resource") {
    return (
      `${head}resources:\n  ${name}:\n    type: ${token(subject)}\n    properties:${entries}\n` +
      `outputs:\n  ${output}: \${${name}.${output}}\n`
    );
  }
  const argsText = Object.keys(args).length ? yamlValue(args, "        ") : " {}";
  return (
    `${head}variables:\n  ${name}:\n    fn::invoke:\n      function: ${token(subject)}\n` +
    `      arguments:${argsText}\noutputs:\n  ${output}: \${${name}.${output}}\n`
  );
}

/** The example as a program in each language. */
export function examplePrograms(
  schema: SchemaView,
  subject: ExampleSubject,
  project: string,
): Record<Language, string> {
  return {
    typescript: typescript(subject),
    python: python(subject),
    go: go(schema, subject),
    java: java(schema, subject),
    yaml: yaml(subject, project),
  };
}

const FENCE: Record<Language, string> = {
  typescript: "ts",
  python: "python",
  go: "go",
  java: "java",
  yaml: "yaml",
};
const TITLE: Record<Language, string> = {
  typescript: "TypeScript (`pulumi-posthog`)",
  python: `Python (\`${PYTHON_MODULE}\`)`,
  go: "Go (`posthogiac`)",
  java: `Java (\`${JAVA_PACKAGE}\`)`,
  yaml: `YAML (\`${PACKAGE_NAME}\`)`,
};

/** The "## Example usage" section of a page. */
export function exampleSection(programs: Record<Language, string>, folder: string): string {
  return [
    "## Example usage",
    "TypeScript uses the `pulumi-posthog` package (dynamic providers); the other languages use the SDK of the " +
      `\`${PACKAGE_NAME}\` provider plugin ([plugin guide](../plugin.md)). Each is a complete program in ` +
      `[\`examples/reference/${folder}\`](../../examples/reference/${folder}).`,
    ...LANGUAGES.map(
      (language) =>
        `### ${TITLE[language]}\n\n\`\`\`${FENCE[language]}\n${programs[language].trimEnd()}\n\`\`\``,
    ),
  ].join("\n\n");
}

/**
 * What keeps a Java program's output to its own: the no-op SLF4J binding at the slf4j-api version Pulumi's Java SDK
 * reaches (1.7.32, through org.reflections:reflections 0.10.2), so no "SLF4J: Failed to load class" lines;
 * `.mvn/jvm.config`'s jansi.noreset, so Debian's Maven 3.8.7 writes no ANSI reset after the plugin list that
 * pulumi-java's host parses, and its java.util.logging file (`.mvn/logging.properties`, relative to the program's
 * folder, where the host runs Maven), so the SDK's engine logger does not print each error a second time; and
 * `.mvn/maven.config`'s `-q -B`, which every `mvn` run in the folder reads (the host's `mvn compile exec:java`
 * included: pulumi/pulumi-java pkg/internal/executors/executor_maven.go, newMavenExecutor, passes no -q), so a
 * failed run prints Maven's errors only, without colour codes. examples/java-quickstart holds them all
 * (test/unit/sdk-java.test.ts).
 */
export const JAVA_QUIET = {
  slf4jNop: "1.7.32",
  jvmConfig: "-Djansi.noreset=true\n-Djava.util.logging.config.file=.mvn/logging.properties\n",
  mavenConfig: "-q\n-B\n",
  loggingProperties: `# java.util.logging for the program, which exec:java runs inside Maven's JVM: the JDK's defaults (one console
# handler at INFO), except that Pulumi's Java SDK's engine logger does not also print to the console. Its errorAsync
# sends each error to the engine, which the CLI shows as \`error:\`, and logs the same text to this logger
# (pulumi/pulumi-java sdk/java/pulumi/src/main/java/com/pulumi/deployment/internal/DeploymentImpl.java,
# DefaultEngineLogger.errorAsync: standardLogger.log(Level.SEVERE, message)), which the console handler printed a
# second time as a dated \`SEVERE:\` block with the whole stack trace.
handlers = java.util.logging.ConsoleHandler
.level = INFO
java.util.logging.ConsoleHandler.level = INFO
java.util.logging.ConsoleHandler.formatter = java.util.logging.SimpleFormatter
com.pulumi.deployment.internal.DeploymentImpl.useParentHandlers = false
`,
} as const;

/**
 * A Java example's Maven build: examples/java-quickstart/pom.xml's, naming the SDK and Pulumi's Java SDK at the
 * coordinates sdk/java/pom.xml declares (`java`).
 */
function javaPom(project: string, java: JavaSdk): string {
  const [groupId, artifactId, version] = java.coordinates.split(":");
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- Generated by npm run docs:reference; do not edit. The build of examples/java-quickstart/pom.xml: the host runs
     \`mvn compile exec:java\`, and the same with the bootstrap's mainClass and mainArgs to list the plugins. -->
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 http://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>

  <groupId>myproject</groupId>
  <artifactId>${project}</artifactId>
  <version>1.0-SNAPSHOT</version>

  <properties>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
    <maven.compiler.release>11</maven.compiler.release>
    <mainClass>myproject.App</mainClass>
    <mainArgs/>
  </properties>

  <dependencies>
    <dependency>
      <groupId>com.pulumi</groupId>
      <artifactId>pulumi</artifactId>
      <version>${java.pulumiJava}</version>
    </dependency>
    <dependency><groupId>${groupId}</groupId><artifactId>${artifactId}</artifactId><version>${version}</version></dependency>
    <!-- Binds Pulumi's SLF4J to nothing: no "SLF4J: Failed to load class" lines. -->
    <dependency>
      <groupId>org.slf4j</groupId>
      <artifactId>slf4j-nop</artifactId>
      <version>${JAVA_QUIET.slf4jNop}</version>
      <scope>runtime</scope>
    </dependency>
  </dependencies>

  <build>
    <plugins>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-compiler-plugin</artifactId>
        <version>3.13.0</version>
      </plugin>
      <plugin>
        <groupId>org.codehaus.mojo</groupId>
        <artifactId>exec-maven-plugin</artifactId>
        <version>3.1.0</version>
        <configuration>
          <mainClass>\${mainClass}</mainClass>
          <commandlineArgs>\${mainArgs}</commandlineArgs>
        </configuration>
      </plugin>
    </plugins>
  </build>
</project>
`;
}

/** The Java program's path in its folder (Maven's layout, as examples/java-quickstart). */
export const JAVA_MAIN = "src/main/java/myproject/App.java";

/** The program folder's files per language: the Pulumi.yaml and the program. */
export function programFiles(
  programs: Record<Language, string>,
  project: string,
  java: JavaSdk,
): Map<string, string> {
  const files = new Map<string, string>();
  const pulumiYaml = (runtime: string, main = "") =>
    `name: ${project}\nruntime: ${runtime}\ndescription: Generated by npm run docs:reference; do not edit.${main}\n`;
  files.set("typescript/Pulumi.yaml", pulumiYaml("nodejs"));
  files.set("typescript/index.ts", programs.typescript);
  // The package from this repository (as the other examples take it); the CLI suite may point it elsewhere.
  files.set(
    "typescript/package.json",
    `${JSON.stringify(
      {
        name: project,
        private: true,
        main: "index.ts",
        dependencies: { "@pulumi/pulumi": "^3.248.0", "pulumi-posthog": "file:../../../.." },
      },
      null,
      2,
    )}\n`,
  );
  files.set("python/requirements.txt", `pulumi>=3.0.0,<4.0.0\n${PYTHON_MODULE}\n`);
  files.set(
    "go/go.mod",
    `module ${project}\n\ngo 1.22\n\nrequire (\n\t${GO_MODULE} v0.1.0\n\tgithub.com/pulumi/pulumi/sdk/v3 v3.248.0\n)\n`,
  );
  files.set("python/Pulumi.yaml", pulumiYaml("python"));
  files.set("python/__main__.py", programs.python);
  files.set("go/Pulumi.yaml", pulumiYaml("go"));
  files.set("go/main.go", programs.go);
  files.set("java/Pulumi.yaml", pulumiYaml("java"));
  files.set("java/pom.xml", javaPom(project, java));
  files.set("java/.mvn/jvm.config", JAVA_QUIET.jvmConfig);
  files.set("java/.mvn/maven.config", JAVA_QUIET.mavenConfig);
  files.set("java/.mvn/logging.properties", JAVA_QUIET.loggingProperties);
  files.set(`java/${JAVA_MAIN}`, programs.java);
  files.set("yaml/Pulumi.yaml", programs.yaml);
  return files;
}
