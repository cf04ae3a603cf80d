// docs/guides/testing-your-program.md's own test files, run as a user runs them: each ```ts block of the guide that
// starts with `// test/<file>.ts` is written into a program folder outside the repository, which installs the
// package from its tarballs (tools/release/pack.ts) and, from npm, the SDK and jest with TypeScript 5 (what
// `pulumi new typescript` pins), then
// - type-checks them with the tsconfig `pulumi new typescript` writes today and with the older one (no
//   esModuleInterop: test/compat/templates.ts);
// - runs them with jest (ts-jest), the `pulumi` CLI on PATH: the mocks test, the Automation API test against the
//   emulator, the validation test;
// - and from a folder install (`npm install <checkout>`, which leaves a second @pulumi/pulumi): the Automation API
//   test fails at once with the error that names both copies and the fix (src/testing/sdk-copies.ts).
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { TEMPLATES } from "../compat/templates";
import { npm } from "../package/install";
import { cliPath, requirePulumiCli } from "../support/pulumi-cli";
import { REPO_ROOT } from "../support/self-link";
import { packAll } from "../../tools/release/pack";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const GUIDE = path.join(REPO_ROOT, "docs/guides/testing-your-program.md");

/** The guide's test files: path -> source, from the ```ts blocks whose first line names a file under test/. */
function guideFiles(markdown: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [, file, body] of markdown.matchAll(/```ts\n\/\/ (test\/[\w.-]+\.ts)\n([\s\S]*?)```/g))
    files[file] = body;
  return files;
}

/** The SDK the program depends on (the repository's line, so npm's cache has it). */
const SDK = { "@pulumi/pulumi": "~3.248.0" };
/** The program's test tools; TypeScript 5 as the templates pin it (TypeScript 6 loads no @types by default). */
const DEV_DEPENDENCIES = {
  jest: "^29.7.0",
  "ts-jest": "^29.4.0",
  typescript: "^5.0.0",
  "@types/jest": "^29.5.0",
  "@types/node": "^20.0.0",
};

type Run = { code: number; output: string };
async function run(dir: string, file: string, args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: pulumi ? cliPath(pulumi) : process.env.PATH,
  };
  for (const name of Object.keys(env))
    if (/^(POSTHOG_|JEST_|NODE_PATH|NODE_OPTIONS|TS_NODE_|npm_)/.test(name)) delete env[name];
  try {
    const { stdout, stderr } = await promisify(execFile)(file, args, { cwd: dir, env, maxBuffer: 1 << 26 });
    return { code: 0, output: stdout + stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: err.code ?? 1, output: (err.stdout ?? "") + (err.stderr ?? "") };
  }
}

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/** A program folder with the guide's files and a jest config, its dependencies installed with npm. */
async function projectWith(
  dependencies: Record<string, string>,
  devDependencies: Record<string, string>,
): Promise<string> {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "testing-guide-")));
  folders.push(dir);
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({
      name: "testing-guide",
      private: true,
      dependencies,
      devDependencies: { ...DEV_DEPENDENCIES, ...devDependencies },
      jest: { preset: "ts-jest", testEnvironment: "node" },
    }),
  );
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: testing-guide\nruntime: nodejs\n");
  fs.writeFileSync(path.join(dir, "index.ts"), "export {};\n");
  for (const [file, body] of Object.entries(guideFiles(fs.readFileSync(GUIDE, "utf8")))) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), body);
  }
  const installed = await run(dir, npm, ["install", "--prefer-offline", "--no-audit", "--no-fund"]);
  expect(installed).toMatchObject({ code: 0 });
  return dir;
}

/** The project's own TypeScript and jest. */
const tsc = (dir: string) => path.join(dir, "node_modules/typescript/bin/tsc");
const jestIn = (dir: string) => path.join(dir, "node_modules/jest/bin/jest.js");

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
    async () => {
      if (!pulumi) return;
      const packs = fs.mkdtempSync(path.join(os.tmpdir(), "testing-guide-packs-"));
      folders.push(packs);
      const t = packAll(REPO_ROOT, packs);
      dir = await projectWith(
        {
          ...SDK,
          "pulumi-posthog": `file:${t.provider}`,
          "@pulumi-posthog/posthog-html": `file:${t.sanitiser}`,
          "@pulumi-posthog/cli-options": `file:${t.cliOptions}`,
        },
        { "posthog-emulator": `file:${t.emulator}` },
      );
    },
    10 * 60 * 1000,
  );

  for (const template of ["current", "2024"] as const) {
    withCli(
      `type-check with the tsconfig of pulumi new typescript (${TEMPLATES[template].source})`,
      async () => {
        const tsconfig = { ...TEMPLATES[template].tsconfig, files: undefined, include: ["test"] };
        fs.writeFileSync(path.join(dir, `tsconfig.${template}.json`), JSON.stringify(tsconfig));
        const checked = await run(dir, process.execPath, [
          tsc(dir),
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
      const tested = await run(dir, process.execPath, [jestIn(dir), "--ci", "--colors=false"]);
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
      // The program's own SDK from npm; then what `npm install <checkout>` leaves: the package linked to the
      // checkout, whose node_modules holds its own SDK.
      const dir = await projectWith(SDK, {});
      fs.symlinkSync(REPO_ROOT, path.join(dir, "node_modules/pulumi-posthog"), "dir");
      fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(TEMPLATES["2024"].tsconfig));
      const tested = await run(dir, process.execPath, [
        jestIn(dir),
        "--ci",
        "--colors=false",
        "test/program.test.ts",
      ]);
      console.log(`jest in the folder-install program:\n${tested.output}`);
      expect(tested.code).not.toBe(0);
      expect(tested.output).toContain(
        `pulumi-posthog/testing: two copies of @pulumi/pulumi are loaded, the program's (${dir}/node_modules/@pulumi/pulumi) ` +
          `and the one pulumi-posthog resolves (${REPO_ROOT}/node_modules/@pulumi/pulumi).`,
      );
      expect(tested.output).toContain("`npm run local:try` prints the npm install line");
      // Not the Automation API's own failure, which this error replaces.
      expect(tested.output).not.toContain("13 INTERNAL");
      // The guide's afterAll copes with a beforeAll that failed: no second error on top.
      expect(tested.output).not.toContain("Cannot read properties of undefined");
    },
    10 * 60 * 1000,
  );
});
