// A local npm registry (verdaccio) on 127.0.0.1 for the release's publish steps and the installs by name that
// follow. Our own package names are served only from what was published to it (no uplink for them), so a package
// the release forgot is a 404 here as it would be on npm; every other name is proxied to the npm registry.
// Proxied packages are cached in one folder outside the repository and reused by later runs; our own names are
// wiped from it at every start.
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

const CACHE = path.join(os.tmpdir(), "pulumi-posthog-registry-cache");

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
  const storage = path.join(CACHE, "storage");
  fs.mkdirSync(storage, { recursive: true });
  // Our names start empty: only this run's publish steps may put them there.
  for (const name of [...ours, OUR_SCOPE])
    fs.rmSync(path.join(storage, name), { recursive: true, force: true });
  fs.rmSync(path.join(storage, ".verdaccio-db.json"), { force: true });
  fs.rmSync(path.join(storage, "htpasswd"), { force: true });
  const configFile = path.join(CACHE, "config.yaml");
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
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
