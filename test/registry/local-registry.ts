// A local npm registry (verdaccio) on 127.0.0.1 for the release's publish steps and the installs by name that
// follow. Our own package names are served only from what was published to it (no uplink for them), so a package
// the release forgot is a 404 here as it would be on npm; every other name is proxied to the npm registry.
// Each run has a storage folder of its own, so two runs at once never see or wipe each other's packages. Proxied
// packages are kept between runs in a shared folder outside the repository (REGISTRY_CACHE/proxied): a run's
// storage starts as a copy of it, and at stop the run adds what it fetched, file by file through a rename, so a
// reader never sees half a file and nothing is ever deleted from it. Our own names never enter it.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";

export interface LocalRegistry {
  /** http://127.0.0.1:<port>/ */
  url: string;
  /** A token of a user that may publish. */
  token: string;
  /** The registry's document for `name` (its versions and dist-tags), or undefined on 404. */
  packument(name: string): Promise<{ versions: string[]; latest: string | undefined } | undefined>;
  stop(): Promise<void>;
}

/** The npm scope of our packages: the registry never proxies it, whether or not a workspace has the name. */
export const OUR_SCOPE = "@pulumi-posthog";

/** Kept between runs: proxied packages (`proxied/`), and the pnpm store the installs share (pnpm locks it). */
export const REGISTRY_CACHE = path.join(os.tmpdir(), "pulumi-posthog-registry-cache");
const PROXIED = path.join(REGISTRY_CACHE, "proxied");

/** Package folders under a verdaccio storage, relative: `axios`, `@grpc/grpc-js` (not its db or htpasswd). */
function packageFolders(storage: string): string[] {
  const folders: string[] = [];
  for (const entry of fs.readdirSync(storage, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
    if (!entry.name.startsWith("@")) folders.push(entry.name);
    else
      for (const inner of fs.readdirSync(path.join(storage, entry.name), { withFileTypes: true }))
        if (inner.isDirectory()) folders.push(`${entry.name}/${inner.name}`);
  }
  return folders;
}

/** Whether a package folder is one of ours (never proxied, never cached). */
const isOurs = (folder: string, ours: string[]) =>
  folder.startsWith(`${OUR_SCOPE}/`) || ours.includes(folder);

/**
 * Adds the run's proxied packages to the shared cache: a tarball that is not there yet, and every package.json
 * (the newer metadata), each written beside its target and renamed over it. Temporary files verdaccio had not
 * finished are left out.
 */
function keepProxied(storage: string, ours: string[]): void {
  for (const folder of packageFolders(storage)) {
    if (isOurs(folder, ours)) continue;
    const target = path.join(PROXIED, folder);
    fs.mkdirSync(target, { recursive: true });
    for (const file of fs.readdirSync(path.join(storage, folder))) {
      const complete = file === "package.json" || file.endsWith(".tgz");
      if (!complete || (file !== "package.json" && fs.existsSync(path.join(target, file)))) continue;
      const temporary = path.join(target, `.${file}.${process.pid}.tmp`);
      fs.copyFileSync(path.join(storage, folder, file), temporary);
      fs.renameSync(temporary, path.join(target, file));
    }
  }
}

/** The upstream registry the machine's npm uses, for everything that is not ours. */
function upstream(): string {
  return process.env.npm_config_registry || "https://registry.npmjs.org/";
}

function config(storage: string, ours: string[]): string {
  const own = [...ours, `${OUR_SCOPE}/*`]
    .map(
      (name) =>
        `  "${name}":\n    access: $all\n    publish: $authenticated\n    unpublish: $authenticated\n`,
    )
    .join("");
  return [
    `storage: ${JSON.stringify(storage)}`,
    "auth:",
    "  htpasswd:",
    `    file: ${JSON.stringify(path.join(storage, "htpasswd"))}`,
    "    max_users: 100",
    "uplinks:",
    "  npmjs:",
    `    url: ${JSON.stringify(upstream())}`,
    "    timeout: 60s",
    "    maxage: 30m",
    "packages:",
    own.trimEnd(),
    '  "**":',
    "    access: $all",
    "    publish: $authenticated",
    "    proxy: npmjs",
    "web:",
    "  enable: false",
    "max_body_size: 100mb",
    "log: { type: stdout, format: pretty, level: warn }",
    "",
  ].join("\n");
}

const packumentRule = z.object({
  versions: z.record(z.string(), z.unknown()),
  "dist-tags": z.record(z.string(), z.string()).optional(),
});

export async function startLocalRegistry(ours: string[]): Promise<LocalRegistry> {
  const run = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-registry-run-"));
  const storage = path.join(run, "storage");
  fs.mkdirSync(PROXIED, { recursive: true });
  // Our names start absent: only this run's publish steps may put them there.
  fs.cpSync(PROXIED, storage, {
    recursive: true,
    filter: (from) => {
      const relative = path.relative(PROXIED, from);
      return !path.basename(from).startsWith(".") && !isOurs(relative, ours);
    },
  });
  const configFile = path.join(run, "config.yaml");
  fs.writeFileSync(configFile, config(storage, ours));

  const verdaccio = require.resolve("verdaccio");
  const script = `
    require(${JSON.stringify(verdaccio)}).runServer(${JSON.stringify(configFile)}).then((server) => {
      server.listen(0, "127.0.0.1", () => console.log("PORT " + server.address().port));
    }, (error) => { console.error(error); process.exit(1); });`;
  const child: ChildProcess = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on("data", (d: Buffer) => {
      log += d.toString();
      const match = /PORT (\d+)/.exec(log);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`verdaccio exited (${code}) before listening:\n${log}`)));
  });
  const url = `http://127.0.0.1:${port}/`;

  // npm adduser's request: verdaccio's htpasswd plugin creates the user and answers with a token.
  const added = await fetch(`${url}-/user/org.couchdb.user:release`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "release", password: "release-test-only", type: "user", roles: [] }),
  });
  const { token } = z.object({ token: z.string() }).parse(await added.json());

  return {
    url,
    token,
    packument: async (name) => {
      const res = await fetch(`${url}${name.replace("/", "%2f")}`, {
        headers: { accept: "application/json" },
      });
      if (res.status === 404) return undefined;
      if (!res.ok) throw new Error(`GET ${name} from the local registry: ${res.status} ${await res.text()}`);
      const doc = packumentRule.parse(await res.json());
      return { versions: Object.keys(doc.versions), latest: doc["dist-tags"]?.latest };
    },
    stop: async () => {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      });
      keepProxied(storage, ours);
      fs.rmSync(run, { recursive: true, force: true });
    },
  };
}
