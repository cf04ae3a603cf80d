// The provider plugin as `pulumi package add` gets it (docs/plugin.md): the packed package ships the plugin folder
// (PulumiPlugin.yaml and the package.json whose `main` the Node.js language host requires) and the compiled
// plugin, and the SDK's own run-plugin entry, started the way the language host's RunPlugin starts it, brings up
// a server that answers as posthog-iac.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { REPO_ROOT } from "../support/self-link";
import { npm } from "./install";
import { startPluginFolder, type RunningPlugin } from "./run-plugin";
import { FUNCTION_TOKENS, PACKAGE_NAME, PLUGIN_EXECUTABLE, RESOURCE_TOKENS } from "../../src/plugin/tokens";
import { metaschemaErrors } from "../support/pulumi-metaschema";

const PLUGIN_DIR = path.join(REPO_ROOT, "plugin");

const manifestRule = z.object({
  version: z.string(),
  bin: z.record(z.string(), z.string()),
  files: z.array(z.string()),
});
const pluginPackageRule = z.object({ name: z.string(), private: z.literal(true), main: z.string() });
const pluginProjectRule = z.object({
  runtime: z.object({ name: z.literal("nodejs"), options: z.object({ typescript: z.literal(false) }) }),
});

const servedRule = z.object({
  name: z.string(),
  resources: z.record(z.string(), z.unknown()),
  functions: z.record(z.string(), z.unknown()),
  config: z.object({ variables: z.record(z.string(), z.object({ secret: z.boolean().optional() })) }),
});

const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, "utf8"));
const manifest = manifestRule.parse(readJson(path.join(REPO_ROOT, "package.json")));
const pluginPackage = pluginPackageRule.parse(readJson(path.join(PLUGIN_DIR, "package.json")));
/** The plugin's entry as a path inside the package, as `npm pack` lists files. */
const pluginMain = path
  .relative(REPO_ROOT, path.resolve(PLUGIN_DIR, pluginPackage.main))
  .split(path.sep)
  .join("/");

/** What `npm pack --dry-run` would put in the tarball. */
function packedFiles(): string[] {
  const out = execFileSync(npm, ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: REPO_ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  const [packed] = z
    .array(z.object({ files: z.array(z.object({ path: z.string() })) }))
    .parse(JSON.parse(out));
  return packed.files.map((file) => file.path);
}

describe("the plugin package", () => {
  it("ships PulumiPlugin.yaml, the folder's package.json and launcher, the plugin's entry and the bin", () => {
    const files = packedFiles();
    expect(files).toEqual(
      expect.arrayContaining([
        "plugin/PulumiPlugin.yaml",
        "plugin/package.json",
        `plugin/${PLUGIN_EXECUTABLE}`,
        pluginMain,
        manifest.bin[PLUGIN_EXECUTABLE],
        "dist/plugin/schema.js",
      ]),
    );
    // The schema is generated when GetSchema is called, never shipped as a file that could drift.
    expect(files.filter((file) => /schema\.json$/.test(file))).toEqual([]);
  });

  it("declares a Node.js plugin run from the compiled package, and a bin the engine can start directly", () => {
    pluginProjectRule.parse(parse(fs.readFileSync(path.join(PLUGIN_DIR, "PulumiPlugin.yaml"), "utf8")));
    expect(pluginMain).toBe("dist/plugin/run-plugin.js");
    expect(manifest.bin[PLUGIN_EXECUTABLE]).toBe("dist/plugin/main.js");
    expect(fs.readFileSync(path.join(REPO_ROOT, "dist/plugin/main.js"), "utf8")).toMatch(
      /^#!\/usr\/bin\/env node\n/,
    );
  });

  describe("started as the Node.js language host starts it", () => {
    let plugin: RunningPlugin | undefined;
    let userDir: string;

    beforeAll(() => {
      userDir = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-iac-user-"));
    });
    afterAll(() => {
      plugin?.stop();
      fs.rmSync(userDir, { recursive: true, force: true });
    });

    it("prints its port and answers GetPluginInfo with the package's version", async () => {
      plugin = await startPluginFolder(PLUGIN_DIR, userDir);
      expect(await plugin.pluginVersion()).toBe(manifest.version);
      expect(plugin.stderr()).toBe("");
    });

    it("answers GetSchema with a schema Pulumi's metaschema accepts, naming every resource and function", async () => {
      if (plugin === undefined) throw new Error("the plugin did not start (see the test above)");
      const served = await plugin.schema();
      expect(metaschemaErrors(served)).toEqual([]);
      const doc = servedRule.parse(served);
      expect(doc.name).toBe(PACKAGE_NAME);
      expect(Object.keys(doc.resources).sort()).toEqual(Object.values(RESOURCE_TOKENS).sort());
      expect(Object.keys(doc.functions).sort()).toEqual(Object.values(FUNCTION_TOKENS).sort());
      expect(doc.config.variables.apiKey.secret).toBe(true);
    });
  });
});
