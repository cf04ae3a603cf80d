// The plugin's release archives (`npm run plugin:archive`, tools/release/plugin-archive.ts): one per platform,
// named as Pulumi's plugin download looks them up, laid out as `pulumi plugin install --file` unpacks them, and
// runnable from the unpacked folder alone: the launcher, started the way the engine starts a plugin (the
// executable with the engine's address, its port read from stdout), serves the schema and creates a survey in
// the emulator, with no node_modules anywhere above it. The real CLI's `pulumi plugin install` of the same
// archive is in test/cli/plugin-archive-cli.test.ts.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { ResourceProviderClient } from "@pulumi/pulumi/proto/provider_grpc_pb";
import type { PluginInfo } from "@pulumi/pulumi/proto/plugin_pb";
import { startEmulator, type EmulatorHandle } from "posthog-emulator";
import { z } from "zod";
import {
  archiveFiles,
  archiveName,
  buildPluginArchives,
  BUNDLE,
  PLATFORMS,
} from "../../tools/release/plugin-archive";
import { getSchema } from "../../src/plugin/schema";
import { PACKAGE_NAME, PLUGIN_EXECUTABLE, RESOURCE_TOKENS } from "../../src/plugin/tokens";
import { PluginServer } from "../support/plugin-server";
import { readPort, stderrOf } from "../support/provider-server";
import { startEngineLogServer } from "../support/engine-log-server";
import { REPO_ROOT } from "../support/self-link";

const { version } = z
  .object({ version: z.string() })
  .parse(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")));

let work: string;
let archives: string[];
beforeAll(async () => {
  // Outside the repository, so nothing can resolve a module from its node_modules.
  work = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-iac-archive-"));
  archives = await buildPluginArchives(REPO_ROOT, path.join(work, "archives"), version);
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** `tar -tvzf`'s listing as name and mode string. */
function listing(archive: string): { name: string; mode: string }[] {
  return execFileSync("tar", ["-tvzf", archive], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => {
      const fields = line.trim().split(/\s+/);
      return { mode: fields[0], name: fields[fields.length - 1] };
    });
}

describe("the plugin archives", () => {
  it("one per platform, named pulumi-resource-posthog-iac-v<version>-<os>-<arch>.tar.gz", () => {
    expect(archives.map((a) => path.basename(a))).toEqual(
      PLATFORMS.map((p) => `pulumi-resource-posthog-iac-v${version}-${p.os}-${p.arch}.tar.gz`),
    );
    expect(PLATFORMS.map((p) => `${p.os}-${p.arch}`).sort()).toEqual([
      "darwin-amd64",
      "darwin-arm64",
      "linux-amd64",
      "linux-arm64",
      "windows-amd64",
      "windows-arm64",
    ]);
  });

  it("hold at their root the executable launcher (a .cmd on Windows), the bundle and the licence", () => {
    for (const [i, platform] of PLATFORMS.entries()) {
      const listed = listing(archives[i]);
      console.log(
        `${path.basename(archives[i])} (${fs.statSync(archives[i]).size} bytes):\n` +
          listed.map((f) => `  ${f.mode} ${f.name}`).join("\n"),
      );
      const launcher = platform.os === "windows" ? `${PLUGIN_EXECUTABLE}.cmd` : PLUGIN_EXECUTABLE;
      expect(listed).toEqual([
        { name: launcher, mode: "-rwxr-xr-x" },
        { name: BUNDLE, mode: "-rw-r--r--" },
        { name: "LICENSE", mode: "-rw-r--r--" },
      ]);
      expect(archiveFiles(platform).map((f) => f.name)).toEqual(listed.map((f) => f.name));
    }
  });

  it("the schema's pluginDownloadURL is this repository's GitHub releases, whose assets these archives are", () => {
    const schema = getSchema();
    expect(schema.pluginDownloadURL).toBe("github://api.github.com/pulumi-posthog/pulumi-posthog");
    // pulumi/pulumi plugins.go, githubSource.downloadViaAPI: the release tagged v<version> of <owner>/<repo>,
    // its asset standardAssetName(name, kind, version, os, arch).
    for (const platform of PLATFORMS) {
      expect(archiveName(schema.version, platform)).toBe(
        `pulumi-resource-${schema.name}-v${schema.version}-${platform.os}-${platform.arch}.tar.gz`,
      );
    }
  });
});

describe("the unpacked linux archive, run as the engine runs a plugin", () => {
  let folder: string;
  let server: PluginServer;
  let emulator: EmulatorHandle;
  beforeAll(async () => {
    const linux = PLATFORMS.findIndex((p) => p.os === "linux" && p.arch === "amd64");
    folder = path.join(work, "plugins", `resource-${PACKAGE_NAME}-v${version}`);
    fs.mkdirSync(folder, { recursive: true });
    execFileSync("tar", ["-xzf", archives[linux], "-C", folder]);
    emulator = await startEmulator({ port: 0 });
    // Only PATH (for `node`): no NODE_PATH or anything else that could reach the repository's modules.
    const start = async () => {
      const engine = await startEngineLogServer();
      const child = spawn(path.join(folder, PLUGIN_EXECUTABLE), [engine.address], {
        cwd: work,
        env: { PATH: process.env.PATH ?? "" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      stderrOf(child);
      return { child, engine, port: await readPort(child) };
    };
    server = new PluginServer(await start(), start);
  });
  afterAll(async () => {
    await server?.close();
    await emulator?.close();
  });

  it("reports the release's version and serves the generated schema", async () => {
    const info = await new Promise<PluginInfo>((resolve, reject) => {
      const client = new ResourceProviderClient(
        `127.0.0.1:${server.port}`,
        grpc.credentials.createInsecure(),
      );
      client.getPluginInfo(new Empty(), (error, answer) => {
        client.close();
        if (error) reject(error);
        else resolve(answer);
      });
    });
    expect(info.getVersion()).toBe(version);
    expect(await server.schema()).toEqual(JSON.parse(JSON.stringify(getSchema())));
  });

  it("creates a survey in the emulator through its default provider", async () => {
    await server.configure({
      [`${PACKAGE_NAME}:host`]: emulator.url,
      [`${PACKAGE_NAME}:apiKey`]: emulator.apiKey,
      [`${PACKAGE_NAME}:projectId`]: String(emulator.projectId),
      [`${PACKAGE_NAME}:organizationId`]: emulator.organizationId,
    });
    const urn = `urn:pulumi:stack::project::${RESOURCE_TOKENS.Survey}::nps`;
    const news = {
      name: "From the archive",
      type: "popover",
      questions: [{ type: "open", question: "Hi?" }],
    };
    const checked = await server.check(urn, {}, news);
    expect(checked.failures).toEqual([]);
    const created = await server.create(urn, checked.inputs);
    const listed = await fetch(`${emulator.url}/api/projects/${emulator.projectId}/surveys/`, {
      headers: { authorization: `Bearer ${emulator.apiKey}` },
    });
    const body = z
      .object({ results: z.array(z.object({ id: z.string(), name: z.string() })) })
      .parse(await listed.json());
    expect(body.results).toEqual([expect.objectContaining({ id: created.id, name: "From the archive" })]);
    expect(server.stderr()).not.toContain("Error");
  });
});
