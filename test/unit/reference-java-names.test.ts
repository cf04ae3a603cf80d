// The Java names the reference pages show (tools/docs-reference/render.ts: a builder's setter, an enum's constants,
// nested settings' included, an output's getter) against the Java SDK pulumi-java generated (sdk/java), so a page
// never names a method or a constant the SDK does not have.
import fs from "node:fs";
import path from "node:path";
import { catalogue } from "../../src/resources/catalogue";
import { JAVA_PACKAGE, pascalCase } from "../../tools/docs-reference/examples";
import { currentPages } from "../../tools/docs-reference/generate";
import { pageName } from "../../tools/docs-reference/pages";
import { REPO_ROOT } from "../support/self-link";

const SOURCES = path.join(REPO_ROOT, "sdk/java/src/main/java", ...JAVA_PACKAGE.split("."));
const source = (file: string) => fs.readFileSync(path.join(SOURCES, file), "utf8");
const pages = currentPages();

/**
 * The Java names of a page: the code spans of the "Python / Go / Java" cell of every table row, split into inputs
 * and outputs, and the constants of the "Java enum constants" table (with the inputs).
 */
function javaNames(page: string): { inputs: string[]; outputs: string[] } {
  const names = { inputs: [] as string[], outputs: [] as string[] };
  let into: { names: string[]; cell: (cells: string[]) => string } | undefined;
  const spans = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
  for (const line of page.split("\n")) {
    if (line.startsWith("| ") && line.includes("| Python / Go / Java |")) {
      const list = /^\| (Input|Argument) /.test(line) ? names.inputs : names.outputs;
      into = { names: list, cell: (cells) => cells[1]?.split(" / ")[2] ?? "" };
    } else if (line === "| Enum | Value: constant |") {
      const constants = (cell: string) => spans(cell).filter((span) => span.includes("."));
      into = {
        names: names.inputs,
        cell: (cells) =>
          constants(cells[1] ?? "")
            .map((c) => `\`${c}\``)
            .join(" "),
      };
    } else if (!line.startsWith("|")) {
      into = undefined;
    } else if (into && !line.startsWith("| ---")) {
      into.names.push(...spans(into.cell(line.split(" | "))));
    }
  }
  return names;
}

/** What of `names` the SDK's sources lack: setters in `args`, enum constants in enums/, getters in `result`. */
function missing(names: { inputs: string[]; outputs: string[] }, args: string, result: string): string[] {
  const lacks = (file: string, pattern: string) => !new RegExp(pattern, "m").test(source(file));
  return [
    ...names.inputs.flatMap((n) => {
      const setter = n.match(/^\.(\w+)\(…\)$/);
      if (setter) return lacks(args, `public Builder ${setter[1]}\\(`) ? [`${args}: .${setter[1]}(`] : [];
      const constant = n.match(/^(\w+)\.(\w+)$/);
      if (constant) {
        const file = `enums/${constant[1]}.java`;
        return !fs.existsSync(path.join(SOURCES, file)) || lacks(file, `^\\s+${constant[2]}\\(`) ? [n] : [];
      }
      return [`not a Java name: ${n}`];
    }),
    ...names.outputs.flatMap((n) => {
      const getter = n.match(/^(\w+)\(\)$/);
      if (!getter) return [`not a Java getter: ${n}`];
      return lacks(result, `public [^=;(]+ ${getter[1]}\\(\\) \\{`) ? [`${result}: ${n}`] : [];
    }),
  ];
}

describe("the reference tables' Java names", () => {
  it("are the setters, enum constants and getters of sdk/java", () => {
    const { resources, functions } = catalogue();
    const subjects = [
      ...resources.map((r) => ({
        page: pageName(r.name),
        args: `${r.name}Args.java`,
        result: `${r.name}.java`,
      })),
      ...functions.map((f) => ({
        page: pageName(f.name),
        args: `inputs/${pascalCase(f.name)}Args.java`,
        result: `outputs/${pascalCase(f.name)}Result.java`,
      })),
    ];
    const found = subjects.map(({ page, args, result }) => {
      const names = javaNames(pages.get(page) ?? "");
      return {
        page,
        shown: names.inputs.length + names.outputs.length,
        missing: missing(names, args, result),
      };
    });
    // Every page shows Java names, and the SDK has each one.
    expect(found.filter((f) => f.shown === 0).map((f) => f.page)).toEqual([]);
    expect(found.filter((f) => f.missing.length > 0)).toEqual([]);
    expect(pages.get("invite.md")).toContain("`.level(…)`, `Level.Member`, `Level.Admin`, `Level.Owner`");
    // A question's type, an enum only a nested setting reaches, has its constants on the page too.
    expect(javaNames(pages.get("survey.md") ?? "").inputs).toContain("SurveyQuestionType.Single_choice");
  });
});
