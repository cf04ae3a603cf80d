// The reference a user reads names every property a Survey takes: the README's Survey table (and the generated
// page docs/reference/survey.md, once there is one) is checked against the catalogue, whose properties come from
// the field table, so a field added without its documentation fails here.
import fs from "node:fs";
import path from "node:path";
import { catalogue } from "../../src/resources/catalogue";
import { REPO_ROOT } from "../support/self-link";

const survey = catalogue().resources.find((r) => r.name === "Survey");
const inputs = (survey?.properties ?? []).filter((p) => p.input).map((p) => p.name);

/** The README's Survey reference: from "### Survey" to the next heading of the same or a higher level. */
function readmeSurveySection(): string {
  const readme = fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
  const start = readme.indexOf("\n### Survey\n");
  if (start < 0) throw new Error('README.md has no "### Survey" section');
  const end = readme.slice(start + 1).search(/\n#{1,3} /);
  return end < 0 ? readme.slice(start) : readme.slice(start, start + 1 + end);
}

/** The names a Markdown table lists in its first column, as `name` (several per cell allowed). */
function tableNames(markdown: string): Set<string> {
  const names = markdown
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...line.split("|")[1].matchAll(/`([A-Za-z]+)`/g)].map((m) => m[1]));
  return new Set(names);
}

test("the catalogue knows the Survey's inputs", () => {
  expect(inputs).toEqual(expect.arrayContaining(["name", "type", "questions", "adopt"]));
});

test("the README's Survey table lists every input a Survey takes", () => {
  const listed = tableNames(readmeSurveySection());
  expect(inputs.filter((name) => !listed.has(name))).toEqual([]);
});

const page = path.join(REPO_ROOT, "docs/reference/survey.md");
const withPage = fs.existsSync(page) ? test : test.skip;
withPage("docs/reference/survey.md names every Survey property", () => {
  const text = fs.readFileSync(page, "utf8");
  const missing = (survey?.properties ?? [])
    .map((p) => p.name)
    .filter((name) => !text.includes(`\`${name}\``));
  expect(missing).toEqual([]);
});
