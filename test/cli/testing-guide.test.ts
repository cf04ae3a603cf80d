// docs/guides/testing-your-program.md's own test files, run as a user runs them: each ```ts block of the guide that
// starts with `// test/<file>.ts` is written into a program folder outside the repository, which has the package
// from its tarballs (tools/release/pack.ts) and the emulator, then
// - type-checked with the tsconfig `pulumi new typescript` writes today and with the older one (no
//   esModuleInterop: test/compat/templates.ts);
// - run with jest (ts-jest), the `pulumi` CLI on PATH: the mocks test, the Automation API test against the emulator,
//   the validation test;
// - and from a folder install (`npm install <checkout>`, which leaves a second @pulumi/pulumi): the Automation API
//   test fails at once with the error that names both copies and the fix (src/testing/sdk-copies.ts).
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { TEMPLATES } from "../compat/templates";
import { installTarballs, npm } from "../package/install";
import { requirePulumiCli } from "../support/pulumi-cli";
import { REPO_ROOT } from "../support/self-link";
import { packAll } from "../../tools/release/pack";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const GUIDE = path.join(REPO_ROOT, "docs/guides/testing-your-program.md");

/** The guide's test files: path -> source, from the ```ts blocks whose first line names a file under test/. */
export function guideFiles(markdown: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [, file, body] of markdown.matchAll(/```ts\n\/\/ (test\/[\w.-]+\.ts)\n([\s\S]*?)```/g))
    files[file] = body;
  return files;
}

/** What the user's project has as devDependencies, linked from the repository (no registry in the suite). */
const DEV_DEPENDENCIES = ["jest", "ts-jest", "typescript", "@types/jest", "@types/node", "@pulumi/pulumi"];

function link(dir: string, modules: string[]): void {
  for (const name of modules) {
    const to = path.join(dir, "node_modules", name);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.rmSync(to, { recursive: true, force: true });
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules", name), to, "dir");
  }
}

type Run = { code: number; output: string };
async function run(dir: string, file: string, args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: [path.dirname(pulumi ?? ""), process.env.PATH ?? ""].join(path.delimiter),
  };
  for (const name of Object.keys(env))
    if (name.startsWith("POSTHOG_") || name.startsWith("JEST_")) delete env[name];
  try {
    const { stdout, stderr } = await promisify(execFile)(file, args, { cwd: dir, env, maxBuffer: 1 << 26 });
    return { code: 0, output: stdout + stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: err.code ?? 1, output: (err.stdout ?? "") + (err.stderr ?? "") };
  }
}

/** A program folder with the guide's files, a jest config, and `install` done. */
function projectWith(install: (dir: string) => void): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "testing-guide-")));
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({
      name: "testing-guide",
      private: true,
      jest: { preset: "ts-jest", testEnvironment: "node" },
    }),
  );
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: testing-guide\nruntime: nodejs\n");
  fs.writeFileSync(path.join(dir, "index.ts"), "export {};\n");
  for (const [file, body] of Object.entries(guideFiles(fs.readFileSync(GUIDE, "utf8")))) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), body);
  }
  install(dir);
  return dir;
}

const tsc = path.join(REPO_ROOT, "node_modules/typescript/bin/tsc");
const jest = path.join(REPO_ROOT, "node_modules/jest/bin/jest.js");
const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

it("the guide holds its three test files", () => {
  expect(Object.keys(guideFiles(fs.readFileSync(GUIDE, "utf8"))).sort()).toEqual([
    "test/mocks.test.ts",
    "test/program.test.ts",
    "test/validate.test.ts",
  ]);
});

describe("the testing guide's files, in a program that installed the package from its tarballs", () => {
  let dir: string;
  beforeAll(
    () => {
      if (!pulumi) return;
      dir = projectWith((d) => {
        const t = packAll(REPO_ROOT, d);
        installTarballs(d, [t.sanitiser, t.cliOptions, t.provider, t.emulator]);
        link(d, DEV_DEPENDENCIES);
      });
      folders.push(dir);
    },
    5 * 60 * 1000,
  );

  for (const template of ["current", "2024"] as const) {
    withCli(
      `type-check with the tsconfig of pulumi new typescript (${TEMPLATES[template].source})`,
      async () => {
        const tsconfig = { ...TEMPLATES[template].tsconfig, files: undefined, include: ["test"] };
        fs.writeFileSync(path.join(dir, `tsconfig.${template}.json`), JSON.stringify(tsconfig));
        const checked = await run(dir, process.execPath, [
          tsc,
          "-p",
          `tsconfig.${template}.json`,
          "--noEmit",
        ]);
        expect(checked).toEqual({ code: 0, output: "" });
      },
    );
  }

  withCli(
    "pass under jest: mocks, the Automation API against the emulator, validation",
    async () => {
      fs.copyFileSync(path.join(dir, "tsconfig.2024.json"), path.join(dir, "tsconfig.json"));
      const tested = await run(dir, process.execPath, [jest, "--ci", "--colors=false"]);
      console.log(`jest in the program folder:\n${tested.output}`);
      expect(tested.output).toMatch(/Tests:\s+3 passed, 3 total/);
      expect(tested.code).toBe(0);
    },
    10 * 60 * 1000,
  );
});

describe("from a folder install (npm install <checkout>)", () => {
  withCli(
    "the Automation API test stops at startPostHogEmulator, naming both copies of @pulumi/pulumi and the fix",
    async () => {
      const dir = projectWith((d) => {
        // What `npm install <checkout>` leaves: the package linked to the checkout, whose node_modules holds its
        // own SDK, and the program's SDK in the program's node_modules.
        fs.mkdirSync(path.join(d, "node_modules"), { recursive: true });
        fs.symlinkSync(REPO_ROOT, path.join(d, "node_modules/pulumi-posthog"), "dir");
        link(
          d,
          DEV_DEPENDENCIES.filter((m) => m !== "@pulumi/pulumi"),
        );
      });
      folders.push(dir);
      const own = await run(dir, npm, [
        "install",
        "--prefer-offline",
        "--no-audit",
        "--no-fund",
        "--no-save",
        `@pulumi/pulumi@${sdkVersion()}`,
      ]);
      expect(own.code).toBe(0);
      fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(TEMPLATES["2024"].tsconfig));
      const tested = await run(dir, process.execPath, [
        jest,
        "--ci",
        "--colors=false",
        "test/program.test.ts",
      ]);
      expect(tested.code).not.toBe(0);
      expect(tested.output).toContain(
        `pulumi-posthog/testing: two copies of @pulumi/pulumi are loaded, the program's (${dir}/node_modules/@pulumi/pulumi) ` +
          `and the one pulumi-posthog resolves (${REPO_ROOT}/node_modules/@pulumi/pulumi).`,
      );
      expect(tested.output).toContain("`npm run local:try` prints the npm install line");
      expect(tested.output).not.toContain("Request message serialization failure: Expected argument");
    },
    10 * 60 * 1000,
  );
});

/** The repository's SDK version, so the program's copy is the same release (npm's cache has it). */
function sdkVersion(): string {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, "node_modules/@pulumi/pulumi/package.json"), "utf8"),
  ) as { version: string };
  return manifest.version;
}
