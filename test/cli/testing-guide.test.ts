// docs/guides/testing-your-program.md's own files, run as a user runs them: each ```ts block of the guide that
// starts with `// test/<file>.ts` or `// index.ts` is written into a program folder outside the repository, which
// installs the package from its tarballs (tools/release/pack.ts) and, from npm, the SDK, jest, examples/quickstart's
// TypeScript (6) and TypeScript 5 (what `pulumi new typescript` pins, as `typescript5`), then
// - type-checks them with TypeScript 6 and examples/quickstart's tsconfig with the `types` line the guide names
//   (and shows the TS2593 the guide warns of without it), and with TypeScript 5 and the tsconfig `pulumi new
//   typescript` writes today and the older one (no esModuleInterop: test/compat/templates.ts);
// - runs them with jest (ts-jest) under TypeScript 6 and the quickstart's tsconfig, the `pulumi` CLI on PATH: the
//   mocks test, the Automation API tests against the emulator (an inline program, and the folder's own index.ts
//   through LocalWorkspace's workDir), the validation test;
// - and from a folder install (`npm install <checkout>`, which leaves a second @pulumi/pulumi): the Automation API
//   test fails at once with the error that names both copies and the fix (src/testing/sdk-copies.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { TEMPLATES } from "../compat/templates";
import { npm } from "../package/install";
import { cliPath, requirePulumiCli } from "../support/pulumi-cli";
import { runToEnd } from "../support/run-command";
import { REPO_ROOT } from "../support/self-link";
import { packAll } from "../../tools/release/pack";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const GUIDE = path.join(REPO_ROOT, "docs/guides/testing-your-program.md");

/** The guide's files: path -> source, from the ```ts blocks whose first line names test/<file>.ts or index.ts. */
function guideFiles(markdown: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [, file, body] of markdown.matchAll(/```ts\n\/\/ ((?:test\/[\w.-]+|index)\.ts)\n([\s\S]*?)```/g))
    files[file] = body;
  return files;
}

/** examples/quickstart's TypeScript range and tsconfig: what a user who starts from the quickstart has. */
const QUICKSTART = path.join(REPO_ROOT, "examples/quickstart");
const quickstartTypeScript = z
  .object({ devDependencies: z.object({ typescript: z.string() }) })
  .parse(JSON.parse(fs.readFileSync(path.join(QUICKSTART, "package.json"), "utf8")))
  .devDependencies.typescript;
const quickstartTsconfig = z
  .object({ compilerOptions: z.record(z.string(), z.unknown()) })
  .parse(JSON.parse(fs.readFileSync(path.join(QUICKSTART, "tsconfig.json"), "utf8")));

/** The quickstart's tsconfig for the tests: `types` as the guide says (or left out), the tests included. */
function quickstartWithTests(types: boolean): Record<string, unknown> {
  const compilerOptions = {
    ...quickstartTsconfig.compilerOptions,
    ...(types ? { types: ["node", "jest"] } : {}),
  };
  return { compilerOptions, include: ["index.ts", "test"] };
}

/** The SDK the program depends on (the repository's line, so npm's cache has it). */
const SDK = { "@pulumi/pulumi": "~3.248.0" };
/**
 * The program's test tools: the quickstart's TypeScript (6, which loads no @types a tsconfig does not name), and
 * TypeScript 5 as the `pulumi new typescript` templates pin it, beside it under another name.
 */
const DEV_DEPENDENCIES = {
  jest: "^29.7.0",
  "ts-jest": "^29.4.0",
  typescript: quickstartTypeScript,
  typescript5: "npm:typescript@^5.0.0",
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
  // A command past the time limit fails the test (test/support/run-command.ts).
  const ran = await runToEnd(file, args, { cwd: dir, env });
  return { code: ran.code ?? 1, output: ran.stdout + ran.stderr };
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
  for (const [file, body] of Object.entries(guideFiles(fs.readFileSync(GUIDE, "utf8")))) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), body);
  }
  const installed = await run(dir, npm, ["install", "--prefer-offline", "--no-audit", "--no-fund"]);
  expect(installed).toMatchObject({ code: 0 });
  return dir;
}

/** The project's own TypeScript (the quickstart's), TypeScript 5, and jest. */
const tsc = (dir: string) => path.join(dir, "node_modules/typescript/bin/tsc");
const tsc5 = (dir: string) => path.join(dir, "node_modules/typescript5/bin/tsc");
const jestIn = (dir: string) => path.join(dir, "node_modules/jest/bin/jest.js");

it("the guide holds its program and its four test files", () => {
  expect(Object.keys(guideFiles(fs.readFileSync(GUIDE, "utf8"))).sort()).toEqual([
    "index.ts",
    "test/index.test.ts",
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

  withCli(
    `type-check with the quickstart's TypeScript (${quickstartTypeScript}) and tsconfig, with the guide's types line`,
    async () => {
      fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(quickstartWithTests(true)));
      const version = await run(dir, process.execPath, [tsc(dir), "--version"]);
      expect(version.output).toMatch(/^Version 6\./);
      const checked = await run(dir, process.execPath, [tsc(dir), "-p", "tsconfig.json", "--noEmit"]);
      console.log(
        `${version.output.trim()}, tsc -p ${JSON.stringify(quickstartWithTests(true))}: ${JSON.stringify(checked)}`,
      );
      expect(checked).toEqual({ code: 0, output: "" });

      // Without it, what the guide warns of.
      fs.writeFileSync(path.join(dir, "tsconfig.untyped.json"), JSON.stringify(quickstartWithTests(false)));
      const untyped = await run(dir, process.execPath, [tsc(dir), "-p", "tsconfig.untyped.json", "--noEmit"]);
      expect(untyped.code).not.toBe(0);
      expect(untyped.output).toContain("error TS2593: Cannot find name 'it'");
    },
  );

  for (const template of ["current", "2024"] as const) {
    withCli(
      `type-check with TypeScript 5 and the tsconfig of pulumi new typescript (${TEMPLATES[template].source})`,
      async () => {
        const tsconfig = { ...TEMPLATES[template].tsconfig, files: undefined, include: ["index.ts", "test"] };
        fs.writeFileSync(path.join(dir, `tsconfig.${template}.json`), JSON.stringify(tsconfig));
        const checked = await run(dir, process.execPath, [
          tsc5(dir),
          "-p",
          `tsconfig.${template}.json`,
          "--noEmit",
        ]);
        expect(checked).toEqual({ code: 0, output: "" });
      },
    );
  }

  withCli(
    "pass under jest with TypeScript 6 and the quickstart's tsconfig: mocks, the Automation API (inline and index.ts), validation",
    async () => {
      fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(quickstartWithTests(true)));
      const tested = await run(dir, process.execPath, [
        jestIn(dir),
        "--ci",
        "--colors=false",
        "--maxWorkers=1",
      ]);
      console.log(`jest in the program folder:\n${tested.output}`);
      expect(tested.output).toMatch(/Tests:\s+4 passed, 4 total/);
      expect(tested.code).toBe(0);
      // The stacks removed themselves, config files included.
      expect(fs.readdirSync(dir).filter((f) => /^Pulumi\..+\.yaml$/.test(f))).toEqual([]);
    },
    15 * 60 * 1000,
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
      fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(quickstartWithTests(true)));
      const tested = await run(dir, process.execPath, [
        jestIn(dir),
        "--ci",
        "--colors=false",
        "test/program.test.ts",
      ]);
      console.log(`jest in the folder-install program:\n${tested.output}`);
      expect(tested.code).not.toBe(0);
      expect(tested.output).toContain(
        // Real paths, as the error names them (a checkout or temporary folder reached through a link reads otherwise).
        `pulumi-posthog/testing: two copies of @pulumi/pulumi are loaded, the program's (${fs.realpathSync(dir)}/node_modules/@pulumi/pulumi) ` +
          `and the one pulumi-posthog resolves (${fs.realpathSync(REPO_ROOT)}/node_modules/@pulumi/pulumi).`,
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
