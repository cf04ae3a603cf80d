// `npm run docs:reference`: rewrites docs/reference from the code, and removes pages nothing generates any more.
import fs from "node:fs";
import path from "node:path";
import { currentPages, REFERENCE_DIR } from "./generate";

const pages = currentPages();
fs.mkdirSync(REFERENCE_DIR, { recursive: true });
for (const stale of fs.readdirSync(REFERENCE_DIR).filter((f) => f.endsWith(".md") && !pages.has(f))) {
  fs.rmSync(path.join(REFERENCE_DIR, stale));
}
for (const [file, text] of pages) fs.writeFileSync(path.join(REFERENCE_DIR, file), text);
console.log(`docs/reference: ${[...pages.keys()].sort().join(", ")}`);
