// The emulator as its own published package: packed with the sanitiser it depends on, installed into an empty
// folder outside the repo, and run from there through its bin, as `npm i -D posthog-emulator` gives it to a user;
// beside pulumi-posthog, whose testing entry loads it.
import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { exited, type Banner } from "../support/emulator-process";
import { installTarballs, pack, WORKSPACE, type Packed } from "./install";

let dir: string;
let emulator: Packed;
let sanitiser: Packed;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-emulator-install-"));
  emulator = pack(WORKSPACE.emulator, dir);
  sanitiser = pack(WORKSPACE.sanitiser, dir);
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "user", private: true }));
  const provider = pack(".", dir);
  installTarballs(dir, [sanitiser.tarball, emulator.tarball, provider.tarball]);
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
  expect(
    emulator.files.filter(
      (f) => !/^(dist\/.*\.(js|d\.ts)|bin\/posthog-emulator\.js|package\.json|LICENSE|README\.md)$/.test(f),
    ),
  ).toEqual([]);
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

it("has the sanitiser it depends on ship its built code and types only", () => {
  console.log(
    `@pulumi-posthog/posthog-html tarball: ${sanitiser.size} bytes, ${sanitiser.files.length} files`,
  );
  expect(sanitiser.files).toEqual(
    expect.arrayContaining(["package.json", "LICENSE", "dist/index.js", "dist/index.d.ts"]),
  );
  expect(
    sanitiser.files.filter((f) => !/^(dist\/.*\.(js|d\.ts)|package\.json|LICENSE|README\.md)$/.test(f)),
  ).toEqual([]);
});

it("prints its usage from the installed bin", async () => {
  const { stdout } = await promisify(execFile)(bin(), ["--help"], { cwd: dir, encoding: "utf8" });
  expect(stdout).toMatch(/^usage: posthog-emulator \[options\]\n/);
});

it("loads from the installed package without the repo (its library entry and the sanitiser it imports)", () => {
  const out = execFileSync(
    process.execPath,
    [
      "-e",
      'const { startEmulator } = require("posthog-emulator");' +
        'console.log(typeof startEmulator, require.resolve("@pulumi-posthog/posthog-html"))',
    ],
    { cwd: dir, encoding: "utf8" },
  );
  expect(out.trim()).toBe(
    `function ${path.join(fs.realpathSync(dir), "node_modules/@pulumi-posthog/posthog-html/dist/index.js")}`,
  );
});

it("serves the API on a port when started from the installed bin", async () => {
  const child: ChildProcess = spawn(bin(), ["--port", "0", "--json"], {
    cwd: dir,
    stdio: ["ignore", "pipe", "pipe"],
  });
  try {
    const banner = await new Promise<Banner>((resolve, reject) => {
      let out = "";
      child.stdout?.on("data", (d: Buffer) => {
        out += d.toString();
        const line = out.split("\n").find((l) => l.startsWith("{"));
        if (line) resolve(JSON.parse(line) as Banner);
      });
      child.once("exit", (code) => reject(new Error(`posthog-emulator exited early (${code})`)));
    });
    const response = await fetch(`${banner.url}/api/projects/${banner.projectId}/surveys/`, {
      headers: { Authorization: `Bearer ${banner.apiKey}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ count: 0, results: [] });
  } finally {
    child.kill("SIGTERM");
    await exited(child);
  }
});

it("is what pulumi-posthog/testing starts when a program's tests install it", () => {
  const probe = `
    require("pulumi-posthog/testing").startPostHogEmulator({ setEnvironment: false }).then(async (e) => {
      const answer = await fetch(e.url + "/api/projects/" + e.projectId + "/surveys/", {
        headers: { Authorization: "Bearer " + e.apiKey },
      });
      console.log(answer.status, (await e.requests()).length);
      await e.close();
    });`;
  const out = execFileSync(process.execPath, ["-e", probe], { cwd: dir, encoding: "utf8" });
  expect(out.trim()).toBe("200 1");
});
