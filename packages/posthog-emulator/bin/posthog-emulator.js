#!/usr/bin/env node
// The bin is this committed file rather than dist/cli/emulator.js: npm links a workspace's bins at install, and
// skips a bin whose file does not exist yet, so on a fresh clone `npm ci && npx posthog-emulator` would find no
// command. In that checkout (the only place with a tsconfig.json beside dist) it builds this package and the
// workspace packages it references (the sanitiser, the CLI option tables) on first use; the published package ships dist, so there it only loads the CLI. A `prepare` script
// would build at `npm ci` instead, but npm lists it as an install script to approve on every user's install.
const fs = require("node:fs");
const path = require("node:path");

const root = path.join(__dirname, "..");
const cli = path.join(root, "dist/cli/emulator.js");
if (!fs.existsSync(cli) && fs.existsSync(path.join(root, "tsconfig.json"))) {
  const tsc = require.resolve("typescript/bin/tsc", { paths: [root] });
  require("node:child_process").execFileSync(process.execPath, [tsc, "-b", root], { stdio: "inherit" });
}
require(cli);
