// Every document the code cites is in the repository: `docs/<name>.md#<section>` citations name an existing file
// and one of its headings, and no comment points at a markdown file that is not here.
import fs from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "../support/self-link";

const CODE_ROOTS = ["src", "packages", "test", "bench", "examples"];
const CODE_FILE = /\.(ts|js|mjs|cjs|yml|yaml|json)$/;

function codeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // dist is built from the sources read here.
    if (entry.isDirectory()) return ["node_modules", "dist"].includes(entry.name) ? [] : codeFiles(full);
    return CODE_FILE.test(entry.name) ? [full] : [];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, "")
    .replace(/ /g, "-");
}

function anchorsOf(doc: string): Set<string> {
  const text = fs.readFileSync(path.join(REPO_ROOT, doc), "utf8");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchor(m[1])));
}

interface Citation {
  file: string;
  doc: string;
  sections: string[];
}

const files = CODE_ROOTS.flatMap((root) => codeFiles(path.join(REPO_ROOT, root)));
const citations: Citation[] = files.flatMap((file) =>
  [...fs.readFileSync(file, "utf8").matchAll(/\b(docs\/[\w./-]+\.md)((?:#[\w-]+)?(?:, #[\w-]+)*)/g)].map(
    (m) => ({
      file: path.relative(REPO_ROOT, file),
      doc: m[1],
      sections: [...m[2].matchAll(/#([\w-]+)/g)].map((s) => s[1]),
    }),
  ),
);

describe("documents cited in the code", () => {
  it("finds the citations in src, packages and test, so the checks below are not vacuous", () => {
    expect([...new Set(citations.map((c) => c.file.split(path.sep)[0]))]).toEqual(
      expect.arrayContaining(["src", "packages", "test"]),
    );
  });

  it("names files that exist, and sections those files have", () => {
    const missing = citations.flatMap(({ file, doc, sections }) => {
      if (!fs.existsSync(path.join(REPO_ROOT, doc))) return [`${file}: ${doc}`];
      const anchors = anchorsOf(doc);
      return sections.filter((s) => !anchors.has(s)).map((s) => `${file}: ${doc}#${s}`);
    });
    expect(missing).toEqual([]);
  });

  it("mentions no other markdown file that is not in the repository", () => {
    const dangling = files.flatMap((file) => {
      const text = fs.readFileSync(file, "utf8");
      return (
        [...text.matchAll(/[\w./-]*\w\.md\b/g)]
          .map((m) => m[0])
          .filter((name) => !name.startsWith("docs/") && !fs.existsSync(path.join(REPO_ROOT, name)))
          // A quoted path is one the code reads or writes (the bench writes a results file), not a citation.
          .filter((name) => !text.includes(`"${name}"`))
          .map((name) => `${path.relative(REPO_ROOT, file)}: ${name}`)
      );
    });
    expect(dangling).toEqual([]);
  });
});
