// One cell, as a user would meet it: a fresh program folder outside the repo, the packed tarballs installed
// with the cell's package manager, `tsc --noEmit` with the template's tsconfig, then the program loaded through
// the SDK's own `cmd/run` under mocks (program/load.cjs), which reports each resource's serialized provider.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Cell, SDK_LATEST } from "./cells";
import { cleanEnv, exec, Outcome } from "./exec";
import { TEMPLATES } from "./templates";
import type { Toolchain } from "./toolchain";

const SANITISER = "@pulumi-posthog/posthog-html";
const CLI_OPTIONS = "@pulumi-posthog/cli-options";

/** The program's Survey, Invite and InviteBatch, and the stack mark its Survey registers (src/resources/stack-mark). */
export const RESOURCES_PER_PROGRAM = 4;
/** ts-node's ESM loader, which the SDK looks for in the program when package.json says "type": "module". */
const TS_NODE = "^10.9.2";

export interface Registered {
  type: string;
  name: string;
  provider: string;
  /** The stored provider evaluated as refresh/destroy would, then asked to check the resource's inputs. */
  check: { failures: unknown[] } | { error: string };
}

export interface CellResult {
  cell: Cell;
  dir: string;
  install: Outcome;
  /** undefined when the program has no TypeScript to run `tsc` with. */
  tsc?: Outcome;
  load: Outcome;
  versions: { node?: string; sdk?: string; typescript?: string };
  resources: Registered[];
}

/** The packed provider, and the packed workspace packages it depends on. */
export interface Tarballs {
  provider: string;
  sanitiser: string;
  cliOptions: string;
}

export async function runCell(cell: Cell, tarballs: Tarballs, tools: Toolchain): Promise<CellResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pulumi-posthog-compat-${cell.name}-`));
  const sdk = cell.sdk === SDK_LATEST ? await tools.newest("@pulumi/pulumi", "^3") : cell.sdk;
  writeProgram(cell, sdk, tarballs, dir);
  const install = await installProgram(cell, tarballs.provider, dir, tools);
  const result: CellResult = {
    cell,
    dir,
    install,
    load: skipped("install failed"),
    versions: {},
    resources: [],
  };
  if (!install.ok) return result;

  const tscBin = path.join(dir, "node_modules", "typescript", "bin", "tsc");
  result.versions.typescript = cell.typescript ? installedVersion(dir, "typescript") : undefined;
  if (cell.typescript)
    result.tsc = await exec(process.execPath, [tscBin, "--noEmit", "-p", ".", "--pretty", "false"], {
      cwd: dir,
    });

  // The language host runs every Node.js program with TypeScript support switched on (its default). No PostHog
  // runs here, so the run's check of the key and host is off: it has its own tests (test/cli/key-check.test.ts).
  const env = cleanEnv({ PULUMI_NODEJS_TYPESCRIPT: "true", POSTHOG_CHECK_KEY_AND_HOST: "false" });
  result.load = await exec(tools.node(cell.node), ["load.cjs", String(RESOURCES_PER_PROGRAM)], {
    cwd: dir,
    env,
  });
  if (result.load.ok) {
    const report = JSON.parse(result.load.stdout.trim().split("\n").pop() ?? "{}") as {
      node: string;
      sdk: string;
      resources: Registered[];
    };
    result.versions.node = report.node;
    result.versions.sdk = report.sdk;
    result.resources = report.resources;
  }
  return result;
}

function writeProgram(cell: Cell, sdk: string, tarballs: Tarballs, dir: string): void {
  const template = TEMPLATES[cell.template];
  const workspace = {
    [SANITISER]: `file:${tarballs.sanitiser}`,
    [CLI_OPTIONS]: `file:${tarballs.cliOptions}`,
  };
  const devDependencies: Record<string, string> = { ...template.devDependencies };
  if (cell.typescript) devDependencies.typescript = cell.typescript;
  if (cell.kind === "esm-typescript") devDependencies["ts-node"] = TS_NODE;
  const manifest = {
    name: `compat-${cell.name}`,
    private: true,
    main: template.main,
    ...(cell.kind === "esm-typescript" ? { type: "module" } : {}),
    dependencies: { "@pulumi/pulumi": sdk, "pulumi-posthog": `file:${tarballs.provider}` },
    devDependencies,
    // The workspace packages pulumi-posthog depends on are not on the registry yet: each package manager is
    // pointed at their tarballs, where the registry would supply them (npm's overrides, pnpm's and yarn's
    // resolutions).
    overrides: workspace,
    pnpm: { overrides: workspace },
    resolutions: workspace,
  };
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(manifest, null, 2));
  if (template.tsconfig)
    fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(template.tsconfig, null, 2));
  for (const file of [template.main, "load.cjs"]) {
    fs.copyFileSync(path.join(__dirname, "program", file), path.join(dir, file));
  }
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: compat-${cell.name}\nruntime: nodejs\n`);
}

function installProgram(cell: Cell, tarball: string, dir: string, tools: Toolchain): Promise<Outcome> {
  const [command, ...lead] = tools.packageManager(cell.packageManager);
  const args = {
    npm: ["install", "--no-audit", "--no-fund", "--prefer-offline"],
    pnpm: ["install", "--prefer-offline", "--store-dir", path.join(tools.cacheDir, "pnpm-store")],
    // yarn classic may serve a `file:` tarball of the same name and version from its cache, so the cache lives
    // next to this run's tarball (shared by this run's yarn cells, which take turns through the mutex).
    // (No --prefer-offline for yarn: it would resolve ranges from whatever its cache holds.)
    yarn: [
      "install",
      "--non-interactive",
      "--cache-folder",
      path.join(path.dirname(tarball), "yarn-cache"),
      "--mutex",
      `file:${path.join(path.dirname(tarball), "yarn-mutex")}`,
    ],
  }[cell.packageManager];
  return exec(command, [...lead, ...args], { cwd: dir });
}

function installedVersion(dir: string, pkg: string): string | undefined {
  const manifest = path.join(dir, "node_modules", pkg, "package.json");
  if (!fs.existsSync(manifest)) return undefined;
  return (JSON.parse(fs.readFileSync(manifest, "utf8")) as { version?: string }).version;
}

function skipped(reason: string): Outcome {
  return { ok: false, stdout: "", stderr: reason };
}
