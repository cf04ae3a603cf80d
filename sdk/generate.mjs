// Regenerates sdk/nodejs, sdk/python and sdk/go from the posthog-iac plugin's schema with the pinned Pulumi CLI's
// `pulumi package gen-sdk` (npm run toolchain builds it): `npm run sdk:gen`. Each language's folder is replaced
// whole; the hand-written files beside them (sdk/go.mod, sdk/README.md, this script) are not touched.
// `node sdk/generate.mjs --out DIR` writes to DIR instead, which the regeneration test compares with sdk/.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { binDir, cliPath } = require("../toolchain/location.js");

export const LANGUAGES = ["nodejs", "python", "go"];
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

function outDir() {
  const i = process.argv.indexOf("--out");
  return i > 0 ? path.resolve(process.argv[i + 1]) : path.join(root, "sdk");
}

function main() {
  const bin = binDir();
  const pulumi = path.join(bin, "pulumi");
  if (!fs.existsSync(pulumi)) {
    console.error(`No pulumi CLI at ${pulumi}: run \`npm run toolchain\` first.`);
    process.exit(1);
  }
  if (!fs.existsSync(path.join(root, "dist", "plugin", "run-plugin.js"))) {
    console.error("The plugin is not built: run `npm run build` first.");
    process.exit(1);
  }
  // Offline and self-contained: a throwaway PULUMI_HOME, no update check, no plugin downloads.
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-iac-gen-"));
  // The schema the plugin answers GetSchema with (dist/plugin/schema.js), as a file: gen-sdk reads a schema file
  // the same way it reads a plugin's answer, without starting the plugin or installing anything for it.
  const schema = path.join(home, "schema.json");
  const { getSchema } = require("../dist/plugin/schema.js");
  fs.writeFileSync(schema, JSON.stringify(getSchema(), null, 2));
  const env = {
    ...process.env,
    // PULUMI_POSTHOG_LANGUAGE_HOSTS's hosts first when it is set (the cross-check), then the toolchain's.
    PATH: cliPath(bin),
    PULUMI_HOME: path.join(home, ".pulumi"),
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
  };
  const out = outDir();
  try {
    for (const language of LANGUAGES) {
      const staging = path.join(home, "out");
      fs.rmSync(staging, { recursive: true, force: true });
      console.log(`gen-sdk ${language} ...`);
      execFileSync(pulumi, ["package", "gen-sdk", schema, "--language", language, "--out", staging], {
        env,
        stdio: ["ignore", "ignore", "inherit"],
      });
      fs.rmSync(path.join(out, language), { recursive: true, force: true });
      fs.mkdirSync(out, { recursive: true });
      fs.cpSync(path.join(staging, language), path.join(out, language), { recursive: true });
    }
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
  console.log(`SDKs written to ${out}`);
}

main();
