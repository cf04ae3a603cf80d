// Regenerates sdk/nodejs, sdk/python, sdk/go and sdk/yaml from the posthog-iac plugin's schema with the pinned
// Pulumi CLI's `pulumi package gen-sdk` (npm run toolchain builds it): `npm run sdk:gen`. Each language's folder is
// replaced whole; the hand-written files beside them (sdk/go.mod, sdk/README.md, this script) are not touched.
// `node sdk/generate.mjs --out DIR` writes to DIR instead, which the regeneration test compares with sdk/.
//
// YAML's "SDK" is one package declaration (pulumi-yaml's GeneratePackage, pkg/server/server.go: name, version and
// the schema's pluginDownloadURL as `downloadUrl`). The YAML host reads every such file under a program's folder
// (pkg/pulumiyaml/packages/file.go, SearchPackageDecls) and reports its `downloadUrl` as the plugin's server
// (GetRequiredPackages), which is where `pulumi install`, `pulumi plugin install` and the first `up` download
// the plugin from. Without it the CLI falls back to github.com/pulumi/pulumi-posthog-iac, which does not exist.
// So the YAML quickstart carries the file too, where `pulumi package add` would write it (sdks/<name>/).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { binDir } = require("../toolchain/location.js");

export const LANGUAGES = ["nodejs", "python", "go", "yaml"];
/** Where a YAML program keeps the package declaration: the folder `pulumi package add` writes it to. */
const YAML_QUICKSTART_DECLARATION = path.join("examples", "yaml-quickstart", "sdks", "posthog-iac");
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
    PATH: [bin, process.env.PATH].join(path.delimiter),
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
    if (!process.argv.includes("--out")) {
      const example = path.join(root, YAML_QUICKSTART_DECLARATION);
      fs.rmSync(example, { recursive: true, force: true });
      fs.cpSync(path.join(out, "yaml"), example, { recursive: true });
    }
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
  console.log(`SDKs written to ${out}`);
}

main();
