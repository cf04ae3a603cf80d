// The README as the npm page shows it, and the links of docs/: the README leads with the two commands, which are
// scripts of package.json; it has no relative link (dead in the npm tarball), and its links into this repository
// use the package.json `repository` address and name files that exist; every relative link in docs/ resolves,
// heading anchors included.
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

const ROOT = path.join(__dirname, "../..");
const manifest = z
  .object({ repository: z.object({ url: z.string() }), scripts: z.record(z.string(), z.string()) })
  .parse(JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")));
/** git+https://github.com/o/r.git -> https://github.com/o/r */
const REPOSITORY = manifest.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");

/** Markdown link targets, outside code blocks and code spans. */
function links(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, "")
    .replace(/ /g, "-");

const anchorsOf = (file: string) =>
  new Set([...fs.readFileSync(file, "utf8").matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchor(m[1])));

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // docs/api is typedoc's output, not committed.
    if (entry.isDirectory()) return entry.name === "api" ? [] : markdownFiles(full);
    return entry.name.endsWith(".md") ? [full] : [];
  });
}

/** What is wrong with a link to `target` (a path with an optional #anchor) from `from`, or undefined. */
function brokenLink(from: string, target: string): string | undefined {
  const [file, hash] = target.split("#");
  const resolved = file === "" ? from : path.resolve(path.dirname(from), file);
  if (!fs.existsSync(resolved)) return `${path.relative(ROOT, from)}: ${target} (no such file)`;
  if (hash && resolved.endsWith(".md") && !anchorsOf(resolved).has(hash)) {
    return `${path.relative(ROOT, from)}: ${target} (no such heading)`;
  }
  return undefined;
}

describe("README.md", () => {
  const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");

  it("leads with the two commands, which package.json runs", () => {
    const first = /^# [^\n]+\n\n```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    const commands = first
      .trim()
      .split("\n")
      .map((line) => line.replace(/\s+#.*$/, ""));
    expect(commands).toEqual(["npm ci && npm run demo", "npm ci && npm test"]);
    expect(manifest.scripts.demo).toBeDefined();
    expect(manifest.scripts.test).toBeDefined();
  });

  it("has no relative links, and its links into the repository name files that exist", () => {
    const targets = links(readme);
    expect(targets.length).toBeGreaterThan(5);
    expect(targets.filter((t) => !/^https:\/\//.test(t))).toEqual([]);
    const ours = targets.filter((t) => t.startsWith("https://github.com/pulumi-posthog/"));
    expect(ours.filter((t) => !t.startsWith(`${REPOSITORY}/`))).toEqual([]);
    const missing = ours
      .map((t) => /^[^#]*\/(?:blob|tree)\/main\/([^#]+)/.exec(t)?.[1] ?? `(not a file link) ${t}`)
      .filter((file) => !fs.existsSync(path.join(ROOT, file)));
    expect(missing).toEqual([]);
  });

  it("stays short: the detail lives in docs/", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(100);
  });
});

describe("docs/", () => {
  const files = markdownFiles(path.join(ROOT, "docs"));

  it("finds the pages, so the check below is not vacuous", () => {
    const relative = files.map((f) => path.relative(ROOT, f));
    expect(relative).toEqual(
      expect.arrayContaining([
        "docs/troubleshooting.md",
        "docs/guides/survey-lifecycle.md",
        "docs/contributing/code-map.md",
      ]),
    );
  });

  it("links only to files and headings that exist", () => {
    const broken = files.flatMap((file) =>
      links(fs.readFileSync(file, "utf8"))
        .filter((target) => !/^[a-z]+:/.test(target))
        .map((target) => brokenLink(file, target))
        .filter((problem): problem is string => problem !== undefined),
    );
    expect(broken).toEqual([]);
  });
});
