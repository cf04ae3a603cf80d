// `npm run docs:reference`: rewrites docs/reference from the code, and removes pages nothing generates any more.
import fs from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "../../test/support/self-link";
import { currentExamples, currentPages, EXAMPLES_DIR, REFERENCE_DIR } from "./generate";

// The plugin schema reads the package facts from ../../package.json beside its module; compiled into
// .tmp/tools that is .tmp/tools/package.json: give it those facts (without the name, which marks the repo root).
const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as Record<
  string,
  unknown
>;
const { name: _name, ...facts } = manifest;
fs.writeFileSync(path.join(REPO_ROOT, ".tmp/tools/package.json"), JSON.stringify(facts));

const pages = currentPages();
fs.mkdirSync(REFERENCE_DIR, { recursive: true });
for (const stale of fs.readdirSync(REFERENCE_DIR).filter((f) => f.endsWith(".md") && !pages.has(f))) {
  fs.rmSync(path.join(REFERENCE_DIR, stale));
}
for (const [file, text] of pages) fs.writeFileSync(path.join(REFERENCE_DIR, file), text);
console.log(`docs/reference: ${[...pages.keys()].sort().join(", ")}`);

// The example programs: examples/reference is generated whole, so it is rewritten whole.
fs.rmSync(EXAMPLES_DIR, { recursive: true, force: true });
const examples = currentExamples();
for (const [file, text] of examples) {
  fs.mkdirSync(path.dirname(path.join(EXAMPLES_DIR, file)), { recursive: true });
  fs.writeFileSync(path.join(EXAMPLES_DIR, file), text);
}
console.log(`examples/reference: ${examples.size} files`);
