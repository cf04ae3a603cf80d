// Which reference page documents what, and every page's text: one page per resource and data function (from the
// catalogue), the settings, the testing entry point and an index listing every export with its page.
import type { Catalogue } from "../../src/resources/catalogue";
import type { PublicExport } from "./exports";
import type { JavaSdk } from "../release/java-sdk";
import {
  examplePrograms,
  javaEnums,
  javaInputNames,
  programFiles,
  topProperties,
  type ExampleSubject,
  type SchemaView,
} from "./examples";
import {
  configPage,
  functionPage,
  indexPage,
  resourcePage,
  testingPage,
  typesPage,
  type IndexEntry,
  type JavaNames,
} from "./render";

export const TESTING_PAGE = "testing.md";
export const INDEX_PAGE = "README.md";
export const CONFIG_PAGE = "configuration.md";
export const TYPES_PAGE = "types.md";

/** `InviteBatch` -> `invite-batch.md`, `getSurveyResponsesCount` -> `get-survey-responses-count.md`. */
export function pageName(name: string): string {
  return `${name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase()}.md`;
}

/** `InviteBatch` -> `invite-batch`: the folder of its example programs under examples/reference. */
export const exampleFolder = (name: string) => pageName(name).replace(/\.md$/, "");

/**
 * Every example program: `<folder>/<language>/<file>` under examples/reference -> its text. `java`: the Java SDK's
 * coordinates, which the Java programs' pom.xml names.
 */
export function exampleProgramFiles(
  catalogue: Catalogue,
  schema: SchemaView,
  java: JavaSdk,
): Map<string, string> {
  const files = new Map<string, string>();
  const subjects = [
    ...catalogue.resources.map((r) => ({ kind: "resource" as const, name: r.name, example: r.example })),
    ...catalogue.functions.map((f) => ({ kind: "function" as const, name: f.name, example: f.example })),
  ];
  for (const subject of subjects) {
    const folder = exampleFolder(subject.name);
    const project = `reference-${folder}`;
    for (const [file, text] of programFiles(examplePrograms(schema, subject, project), project, java)) {
      files.set(`${folder}/${file}`, text);
    }
  }
  return files;
}

/** The Java names of a resource's or data function's inputs, from the plugin schema. */
function javaNames(schema: SchemaView, subject: ExampleSubject): JavaNames {
  const properties = topProperties(schema, subject);
  return (name) => javaInputNames(schema, name, properties[name]);
}

/** The catalogue function a data function export belongs to: `getSurveysOutput` -> `getSurveys`. */
export const functionOf = (name: string) => name.replace(/Output$/, "");

/**
 * The page that documents an export, or undefined when it should have one and has none: a class that is not a
 * catalogue resource, a function of the main entry that is not a catalogue data function.
 */
export function pageOf(catalogue: Catalogue, entry: string, exported: PublicExport): string | undefined {
  if (entry !== "pulumi-posthog") return TESTING_PAGE;
  if (exported.kind === "class") {
    return catalogue.resources.some((r) => r.name === exported.name) ? pageName(exported.name) : undefined;
  }
  // validateSurvey & co. (src/validate.ts): preview's checks for unit tests, described in the index.
  if (exported.kind === "function" && /^validate[A-Z]/.test(exported.name)) return INDEX_PAGE;
  if (exported.kind === "function") {
    const name = functionOf(exported.name);
    return catalogue.functions.some((f) => f.name === name) ? pageName(name) : undefined;
  }
  return TYPES_PAGE;
}

/** Every page of docs/reference, by file name. Throws naming each export that has no page. */
export function referencePages(
  catalogue: Catalogue,
  exportsByEntry: ReadonlyMap<string, readonly PublicExport[]>,
  schema: SchemaView,
): Map<string, string> {
  const entries: IndexEntry[] = [];
  const missing: string[] = [];
  for (const [entry, exports] of exportsByEntry) {
    for (const exported of exports) {
      const page = pageOf(catalogue, entry, exported);
      if (page === undefined) missing.push(`${entry}: ${exported.name}`);
      else entries.push({ entry, export: exported, page });
    }
  }
  if (missing.length > 0) throw new Error(`exports with no reference page: ${missing.join(", ")}`);

  const pages = new Map<string, string>();
  for (const resource of catalogue.resources) {
    const folder = exampleFolder(resource.name);
    const subject = { kind: "resource" as const, name: resource.name, example: resource.example };
    const programs = examplePrograms(schema, subject, `reference-${folder}`);
    pages.set(
      pageName(resource.name),
      resourcePage(resource, programs, folder, javaNames(schema, subject), javaEnums(schema, subject)),
    );
  }
  for (const fn of catalogue.functions) {
    const folder = exampleFolder(fn.name);
    const subject = { kind: "function" as const, name: fn.name, example: fn.example };
    const programs = examplePrograms(schema, subject, `reference-${folder}`);
    pages.set(
      pageName(fn.name),
      functionPage(fn, programs, folder, javaNames(schema, subject), javaEnums(schema, subject)),
    );
  }
  pages.set(CONFIG_PAGE, configPage(catalogue.config));
  pages.set(TESTING_PAGE, testingPage(exportsByEntry.get("pulumi-posthog/testing") ?? []));
  pages.set(TYPES_PAGE, typesPage(entries.filter((e) => e.page === TYPES_PAGE).map((e) => e.export)));
  const listed = (items: readonly { name: string; description: string }[]) =>
    items.map((i) => ({ name: i.name, page: pageName(i.name), description: i.description }));
  pages.set(INDEX_PAGE, indexPage(listed(catalogue.resources), listed(catalogue.functions), entries));
  return pages;
}
