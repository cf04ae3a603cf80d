// The emulator as its own published package: packed with the workspace packages it depends on (the sanitiser and
// the CLI option tables), installed into an empty folder outside the repo without pulumi-posthog, and run from
// there through its bin, as `npm i -D posthog-emulator` gives it to a user. Then beside pulumi-posthog, whose
// testing entry loads it.
import { execFile, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { exited, type Banner } from "../support/emulator-process";
import { installTarballs, pack, WORKSPACE, type Packed } from "./install";

/** A fresh program folder with only `package.json`. */
function programFolder(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "user", private: true }));
  return dir;
}

/** What a packed workspace package may ship: built code and types, its manifest, licence and readme. */
const SHIPPED = /^(dist\/.*\.(js|d\.ts)|package\.json|LICENSE|README\.md)$/;

let dir: string;
let emulator: Packed;
let sanitiser: Packed;
let cliOptions: Packed;
beforeAll(() => {
  dir = programFolder("posthog-emulator-install-");
  emulator = pack(WORKSPACE.emulator, dir);
  sanitiser = pack(WORKSPACE.sanitiser, dir);
  cliOptions = pack(WORKSPACE.cliOptions, dir);
  installTarballs(dir, [sanitiser.tarball, cliOptions.tarball, emulator.tarball]);
}, 180_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const bin = () => path.join(dir, "node_modules/.bin/posthog-emulator");

it("ships its bin, built code and types, and no sources or tests", () => {
  console.log(`posthog-emulator tarball: ${emulator.size} bytes, ${emulator.files.length} files`);
  expect(emulator.files).toEqual(
    expect.arrayContaining([
      "package.json",
      "LICENSE",
      "README.md",
      "bin/posthog-emulator.js",
      "dist/index.js",
      "dist/index.d.ts",
    ]),
  );
  expect(emulator.files.filter((f) => !SHIPPED.test(f) && f !== "bin/posthog-emulator.js")).toEqual([]);
  for (const area of [
    "surveys",
    "organization",
    "feature-flags",
    "analytics",
    "projects",
    "controls",
    "core",
  ]) {
    expect(emulator.files.some((f) => f.startsWith(`dist/${area}/`))).toBe(true);
  }
});

it("has the workspace packages it depends on ship their built code and types only", () => {
  for (const [name, packed] of [
    ["@pulumi-posthog/posthog-html", sanitiser],
    ["@pulumi-posthog/cli-options", cliOptions],
  ] as const) {
    console.log(`${name} tarball: ${packed.size} bytes, ${packed.files.length} files`);
    expect(packed.files).toEqual(
      expect.arrayContaining(["package.json", "LICENSE", "dist/index.js", "dist/index.d.ts"]),
    );
    expect(packed.files.filter((f) => !SHIPPED.test(f))).toEqual([]);
  }
});

it("installs without pulumi-posthog", () => {
  expect(fs.readdirSync(path.join(dir, "node_modules")).sort()).not.toContain("pulumi-posthog");
  expect(fs.existsSync(path.join(dir, "node_modules/pulumi-posthog"))).toBe(false);
});

it("prints its usage from the installed bin", async () => {
  const { stdout } = await promisify(execFile)(bin(), ["--help"], { cwd: dir, encoding: "utf8" });
  expect(stdout).toMatch(/^usage: posthog-emulator \[options\]\n/);
});

it("loads from the installed package without the repo (its library entry and the packages it imports)", () => {
  const out = execFileSync(
    process.execPath,
    [
      "-e",
      'const { startEmulator } = require("posthog-emulator");' +
        'console.log(typeof startEmulator, require.resolve("@pulumi-posthog/posthog-html"),' +
        ' require.resolve("@pulumi-posthog/cli-options"))',
    ],
    { cwd: dir, encoding: "utf8" },
  );
  const installed = path.join(fs.realpathSync(dir), "node_modules/@pulumi-posthog");
  expect(out.trim()).toBe(
    `function ${installed}/posthog-html/dist/index.js ${installed}/cli-options/dist/index.js`,
  );
});

/** Starts the installed bin on a free port and resolves with its JSON banner. */
async function startInstalled(): Promise<{ banner: Banner; stop: () => Promise<void> }> {
  const child = spawn(bin(), ["--port", "0", "--json"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  const stop = async () => {
    child.kill("SIGTERM");
    await exited(child);
  };
  try {
    const banner = await new Promise<Banner>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (d: Buffer) => {
        out += d.toString();
        const line = out.split("\n").find((l) => l.startsWith("{"));
        if (line) resolve(JSON.parse(line) as Banner);
      });
      child.once("exit", (code) => reject(new Error(`posthog-emulator exited early (${code})`)));
    });
    return { banner, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

it("serves the API from the installed bin: a survey created over HTTP reads back, and the log has both requests", async () => {
  const { banner, stop } = await startInstalled();
  try {
    expect(banner.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const auth = { Authorization: `Bearer ${banner.apiKey}` };
    const surveys = `${banner.url}/api/projects/${banner.projectId}/surveys/`;
    const create = await fetch(surveys, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "  From the tarball ",
        type: "popover",
        questions: [{ type: "open", question: "How was it?" }],
      }),
    });
    expect(create.status).toBe(201);
    const made = (await create.json()) as Record<string, unknown>;
    // PostHog's create answer: the name trimmed, the model defaults, no read-serializer extras.
    expect(made).toMatchObject({
      name: "From the tarball",
      type: "popover",
      schedule: "once",
      archived: false,
      base_language: "en",
      response_sampling_interval_type: "week",
      start_date: null,
    });
    expect(made).not.toHaveProperty("feature_flag_keys");
    const id = String(made.id);

    const read = await fetch(`${surveys}${id}/`, { headers: auth });
    expect(read.status).toBe(200);
    const got = (await read.json()) as Record<string, unknown>;
    expect(got).toMatchObject({ id, name: "From the tarball", user_access_level: "manager" });
    expect(got.questions).toEqual([
      expect.objectContaining({ type: "open", question: "How was it?", id: expect.any(String) }),
    ]);

    const log = await fetch(`${banner.url}/_emulator/requests`, { headers: auth });
    const { requests } = (await log.json()) as { requests: Array<{ method: string; path: string }> };
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /api/projects/${banner.projectId}/surveys/`,
      `GET /api/projects/${banner.projectId}/surveys/${id}/`,
    ]);
  } finally {
    await stop();
  }
});

describe("beside pulumi-posthog", () => {
  let withProvider: string;
  beforeAll(() => {
    withProvider = programFolder("posthog-emulator-with-provider-");
    installTarballs(withProvider, [
      sanitiser.tarball,
      cliOptions.tarball,
      emulator.tarball,
      pack(".", withProvider).tarball,
    ]);
  }, 180_000);
  afterAll(() => fs.rmSync(withProvider, { recursive: true, force: true }));

  it("is what pulumi-posthog/testing starts when a program's tests install it", () => {
    const probe = `
      require("pulumi-posthog/testing").startPostHogEmulator({ setEnvironment: false }).then(async (e) => {
        const answer = await fetch(e.url + "/api/projects/" + e.projectId + "/surveys/", {
          headers: { Authorization: "Bearer " + e.apiKey },
        });
        console.log(answer.status, (await e.requests()).length);
        await e.close();
      });`;
    const out = execFileSync(process.execPath, ["-e", probe], { cwd: withProvider, encoding: "utf8" });
    expect(out.trim()).toBe("200 1");
  });
});
