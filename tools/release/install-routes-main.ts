// `npm run docs:install-routes`: rewrites every marked install-route block of the docs from the one table
// (tools/release/install-routes.ts) at the package's version. test/unit/install-routes.test.ts fails while a block
// differs from the table.
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { REPO_ROOT } from "../../test/support/self-link";
import { ROUTE_DOCS, withRouteBlocks } from "./install-routes";

const { version } = z
  .object({ version: z.string() })
  .parse(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")));
for (const doc of ROUTE_DOCS) {
  const file = path.join(REPO_ROOT, doc);
  const before = fs.readFileSync(file, "utf8");
  const after = withRouteBlocks(before, version);
  if (after !== before) fs.writeFileSync(file, after);
  console.log(`${after === before ? "unchanged" : "written  "} ${doc}`);
}
