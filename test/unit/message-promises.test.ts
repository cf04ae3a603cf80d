// Every promise a message makes has a consequence registered (src/message-promises.ts), which the CLI suite checks
// after each test (test/setup/promise-check.ts): a line of src/ that writes a promise word into a message with no
// registered entry fails here, and so does an entry whose words its file no longer has.
import fs from "node:fs";
import path from "node:path";
import { MESSAGE_PROMISES } from "../../src/message-promises";
import { promiseTable } from "../support/promise-table";
import { REPO_ROOT } from "../support/self-link";

/** The words that make a message a promise of what will or will not happen (issue 55, item 1). */
const PROMISE_WORDS = [
  /never (?:deleted|removes)/i,
  /\bnot deleted\b/i,
  /nothing (?:was|is) (?:sent|deleted|written|replaced|created)/i,
  /sends (?:PostHog )?nothing/i,
  /will refuse/i,
  /took over/i,
  /not sent again/i,
  /stays in PostHog/i,
  /\(nothing is sent\)/i,
  /and nothing is\s*['"`]?\s*\+?$/i,
];

// The reference docs of the inputs (catalogue-docs.ts) describe settings, they print no message of a run.
const NOT_MESSAGES = new Set(["src/resources/catalogue-docs.ts"]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") ? [path.relative(REPO_ROOT, full)] : [];
  });
}

/** A line that is code, not a comment. */
const isCode = (line: string) => !/^\s*(?:\/\/|\*|\/\*)/.test(line);

/** Each code line of src/ with a promise word: file, line number, text. */
function promiseLines(): { file: string; line: number; text: string }[] {
  return sourceFiles(path.join(REPO_ROOT, "src"))
    .filter((file) => !NOT_MESSAGES.has(file))
    .flatMap((file) =>
      fs
        .readFileSync(path.join(REPO_ROOT, file), "utf8")
        .split("\n")
        .flatMap((text, i) =>
          isCode(text) && PROMISE_WORDS.some((w) => w.test(text))
            ? [{ file, line: i + 1, text: text.trim() }]
            : [],
        ),
    )
    .filter(({ file }) => file !== "src/message-promises.ts");
}

describe("message promises", () => {
  it("has a registered consequence for every message line of src/ that makes a promise", () => {
    const lines = promiseLines();
    // The words are in the messages the issue names: the scan is not vacuous.
    expect(lines.length).toBeGreaterThanOrEqual(15);
    const unregistered = lines.filter(
      ({ file, text }) => !MESSAGE_PROMISES.some((p) => p.source === file && text.includes(p.words)),
    );
    expect(unregistered.map(({ file, line, text }) => `${file}:${line}: ${text}`)).toEqual([]);
  });

  it("names, for each entry, words its file still has", () => {
    const stale = MESSAGE_PROMISES.filter((p) => {
      const file = path.join(REPO_ROOT, p.source);
      return !fs.existsSync(file) || !fs.readFileSync(file, "utf8").includes(p.words);
    });
    expect(stale.map((p) => `${p.source}: "${p.words}"`)).toEqual([]);
  });

  it("says why for each entry it does not check", () => {
    for (const p of MESSAGE_PROMISES)
      expect(p.forbids !== undefined || (p.unchecked ?? "").length > 0).toBe(true);
  });

  it("is the promise table of docs/contributing/interrupted-runs.md, one row per entry", () => {
    const table = promiseTable();
    expect(table.split("\n")).toHaveLength(MESSAGE_PROMISES.length + 2);
    expect(table).toContain(
      '| `src/resources/invite/apply.ts` | "never removes the member" | no DELETE of that person\'s membership (from then on) |',
    );
    const page = path.join(REPO_ROOT, "docs", "contributing", "interrupted-runs.md");
    const text = fs.readFileSync(page, "utf8");
    const [start, end] = ["<!-- promises:start -->\n", "<!-- promises:end -->"];
    const from = text.indexOf(start) + start.length;
    const to = text.indexOf(end);
    expect(from).toBeGreaterThan(start.length - 1);
    if (process.env.UPDATE_PROMISE_TABLE === "1")
      fs.writeFileSync(page, `${text.slice(0, from)}${table}\n${text.slice(to)}`);
    // The page shows the registry as it is: UPDATE_PROMISE_TABLE=1 rewrites it.
    const now = fs.readFileSync(page, "utf8");
    expect(now.slice(from, now.indexOf(end))).toBe(`${table}\n`);
  });
});
