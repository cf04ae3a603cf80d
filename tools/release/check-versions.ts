// `npm run release:versions -- v1.2.3`: the release workflow's first check. Lists every manifest with its version
// and exits 1, naming each disagreeing file, unless all of them carry the tag's version (tools/release/versions.ts).
import { REPO_ROOT } from "../../test/support/self-link";
import { checkVersions } from "./versions";

const tag = process.argv[2];
if (!tag) {
  console.error("usage: npm run release:versions -- <tag>   (for example v0.1.0)");
  process.exit(2);
}
try {
  const report = checkVersions(REPO_ROOT, tag);
  for (const m of report.manifests) {
    const mark = m.version === m.expected ? "ok " : "BAD";
    console.log(`${mark} ${m.file.padEnd(40)} ${m.name.padEnd(30)} ${m.version ?? "(missing)"}`);
  }
  for (const problem of report.problems) console.error(`error: ${problem}`);
  process.exit(report.problems.length === 0 ? 0 : 1);
} catch (error) {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
