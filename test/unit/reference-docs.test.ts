// docs/reference against the code: the committed pages are what `npm run docs:reference` writes from catalogue()
// and the public exports, every property of the catalogue has a row on its page, and every public export of
// pulumi-posthog and pulumi-posthog/testing has a doc comment and a page that names it.
import fs from "node:fs";
import path from "node:path";
import { catalogue } from "../../src/resources/catalogue";
import {
  currentExamples,
  currentPages,
  EXAMPLES_DIR,
  REFERENCE_DIR,
} from "../../tools/docs-reference/generate";
import { packageExports } from "../../tools/docs-reference/package-exports";
import { pageName, pageOf } from "../../tools/docs-reference/pages";

const pages = currentPages();
const exportsByEntry = packageExports();
const entries = [...exportsByEntry].flatMap(([entry, exports]) => exports.map((e) => ({ entry, e })));
const committed = (file: string) => fs.readFileSync(path.join(REFERENCE_DIR, file), "utf8");
/** The lines of a page's tables whose first cell names `name`. */
const rowsNaming = (page: string, name: string) =>
  page
    .split("\n")
    .filter((line) => line.startsWith(`| \`${name}\` `) || line.startsWith(`| \`posthog:${name}\` `));

describe("docs/reference", () => {
  it("holds exactly the pages the generator writes, as it writes them (npm run docs:reference)", () => {
    const onDisk = fs.readdirSync(REFERENCE_DIR).filter((f) => f.endsWith(".md"));
    expect(onDisk.sort()).toEqual([...pages.keys()].sort());
    const stale = [...pages].filter(([file, text]) => committed(file) !== text).map(([file]) => file);
    expect(stale).toEqual([]);
  });

  it("holds exactly the example programs the generator writes under examples/reference", () => {
    const examples = currentExamples();
    const onDisk = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((d) =>
          d.isDirectory()
            ? onDisk(path.join(dir, d.name))
            : [path.relative(EXAMPLES_DIR, path.join(dir, d.name))],
        );
    expect(onDisk(EXAMPLES_DIR).sort()).toEqual([...examples.keys()].sort());
    const stale = [...examples]
      .filter(([file, text]) => fs.readFileSync(path.join(EXAMPLES_DIR, file), "utf8") !== text)
      .map(([file]) => file);
    expect(stale).toEqual([]);
    // Every resource and data function, in every language, and the page shows the same program.
    expect(examples.size).toBe(9 * 16); // 9 pages; TypeScript, Python and Go 3 files each, Java 6, YAML 1
    const survey = pages.get("survey.md")!;
    expect(survey).toContain(examples.get("survey/python/__main__.py")!.trimEnd());
    expect(survey).toContain(examples.get("survey/java/src/main/java/myproject/App.java")!.trimEnd());
    expect(survey).toContain("pulumi import posthog-iac:index:Survey <name> <id>");
    expect(rowsNaming(committed("invite.md"), "targetEmail")[0]).toContain("`target_email` / `TargetEmail`");
  });

  it("names no source file in a description: PostHog's sources are in the contributor docs", () => {
    const citing = [...pages].flatMap(([file, text]) =>
      text
        .split("\n")
        .filter((line) => /\b[\w/-]+\.(py|tsx?)\b|posthog-js /.test(line))
        .map((line) => `${file}: ${line}`),
    );
    expect(citing).toEqual([]);
  });

  it("gives each nested object one heading: no two headings of a page alike", () => {
    const repeated = [...pages].flatMap(([file, text]) => {
      const headings = text.split("\n").filter((line) => line.startsWith("#"));
      return headings.filter((h, i) => headings.indexOf(h) !== i).map((h) => `${file}: ${h}`);
    });
    expect(repeated).toEqual([]);
    expect(pages.get("survey.md")).toContain('### `questions[]` with type "rating"');
  });

  it("has a row for every property (but the internal ones) of every resource, data function and setting", () => {
    const { resources, functions, config } = catalogue();
    const missing = [
      ...resources.flatMap((r) =>
        r.properties.filter((p) => p.internal !== true).map((p) => [pageName(r.name), p.name]),
      ),
      ...functions.flatMap((f) => [...f.inputs, ...f.outputs].map((p) => [pageName(f.name), p.name])),
      ...config.map((p) => ["configuration.md", p.name]),
    ].filter(([page, name]) => rowsNaming(committed(page), name).length === 0);
    expect(missing).toEqual([]);
    expect(resources.map((r) => r.name).sort()).toEqual(["Invite", "InviteBatch", "Survey"]);
    expect(functions.length).toBe(6);
  });
  it("describes every key of every nested setting, in the row under its path", () => {
    // The rows of each `### path` table below "## Nested settings": Property | Type | Required | Description.
    const rows = [...pages].flatMap(([file, text]) => {
      const nested = text.split("## Nested settings")[1] ?? "";
      return nested
        .split("\n")
        .filter((line) => line.startsWith("| `"))
        .map((line) => [file, line] as const);
    });
    expect(rows.length).toBeGreaterThan(300);
    const blank = rows.filter(([, line]) => / \|\s*\|$/.test(line)).map(([file, line]) => `${file}: ${line}`);
    expect(blank).toEqual([]);
    expect(rows.map(([, line]) => line)).toContainEqual(
      expect.stringMatching(/^\| `repeatedActivation` \| `boolean` \| {2}\| Show the survey each time/),
    );
  });
});

describe("public exports", () => {
  it("are found in both entry points, so the checks below are not vacuous", () => {
    const names = entries.map(({ entry, e }) => `${entry}:${e.name}`);
    expect(names).toEqual(
      expect.arrayContaining([
        "pulumi-posthog:Survey",
        "pulumi-posthog:getSurveysOutput",
        "pulumi-posthog:SurveyArgs",
        "pulumi-posthog/testing:startPostHogEmulator",
      ]),
    );
  });

  it("list the constant lists as constants, each with its value on the types page", () => {
    const constants = entries.filter(({ e }) => /^[A-Z][A-Z_]+$/.test(e.name));
    expect(constants.length).toBeGreaterThan(10);
    expect(constants.filter(({ e }) => e.kind !== "constant").map(({ e }) => e.name)).toEqual([]);
    expect(pages.get("types.md")).toContain('INVITE_LEVELS: readonly ["member", "admin", "owner"]');
  });

  it("each have a doc comment", () => {
    const undocumented = entries
      .filter(({ e }) => e.description === "")
      .map(({ entry, e }) => `${entry}:${e.name}`);
    expect(undocumented).toEqual([]);
  });

  it("each have a reference page that names them", () => {
    const { resources, functions } = catalogue();
    const homeless = entries
      .filter(({ entry, e }) => {
        const page = pageOf({ resources, functions, config: [] }, entry, e);
        return page === undefined || !new RegExp(`\\b${e.name}\\b`).test(committed(page));
      })
      .map(({ entry, e }) => `${entry}:${e.name}`);
    expect(homeless).toEqual([]);
  });

  it("include every resource and data function of the catalogue, in both call forms", () => {
    const main = new Set((exportsByEntry.get("pulumi-posthog") ?? []).map((e) => e.name));
    const { resources, functions } = catalogue();
    const absent = [
      ...resources.map((r) => r.name),
      ...functions.flatMap((f) => [f.name, `${f.name}Output`]),
    ].filter((name) => !main.has(name));
    expect(absent).toEqual([]);
  });
});
