// The one place a real-CLI test gets a program folder and its stacks: the packed package installed into a fresh
// folder (test/package/install.ts), the CLI offline in it on a local backend (test/support/pulumi-cli.ts), every
// CLI run's output kept (so a test can show no output ever held the key), stack config set in one call with
// secrets encrypted, and a CLI run that can be killed with its whole process tree. On top of it:
// - inCliStack: a TypeScript program on the dynamic providers (an example's files, or given files) with a stack
//   whose `posthog:*` config points at an in-process emulator, and the emulator's controls and request log;
// - preparePluginProject: a folder for the provider plugin in another language (`pulumi package add` of the
//   installed plugin, which generates and links the language's SDK, and the language's own dependencies), in
//   which stacks are made and programs swapped in and edited (languages: test/cli/plugin/languages.ts);
// - inInstalledProgram: the bare folder and an emulator, for a test that writes its own project and config.
import { ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";
import { startEmulator, type EmulatorHandle, type EmulatorOptions } from "posthog-emulator";
import { packAndInstall } from "../package/install";
import { emulatorCall } from "../support/fresh-connection";
import { offlineCliEnv } from "../support/pulumi-cli";
import { killTree, runCommand } from "../support/run-command";
import { REPO_ROOT } from "../support/self-link";
import type { LoggedRequest } from "../support/stack";
import type { PluginLanguage } from "./plugin/languages";
import { PACKAGE_NAME } from "../../src/plugin/tokens";

export interface CliRun {
  stdout: string;
  stderr: string;
}

/** A CLI run that may fail: whether it succeeded, and everything it printed (stdout, then stderr). */
export const outcome = (run: Promise<CliRun>): Promise<{ ok: boolean; said: string }> =>
  run.then(
    (done) => ({ ok: true, said: `${done.stdout}\n${done.stderr}` }),
    (error: Error & { stdout?: string; stderr?: string }) => ({
      ok: false,
      said: `${error.stdout ?? ""}\n${error.stderr ?? ""}`,
    }),
  );

/** A stack config value: plain text, or a secret (`pulumi config set --secret`). */
export type ConfigValue = string | { secret: string };

export interface KillableRun {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** SIGKILL to the CLI's process group and every process below it (plugins run in their own groups). */
  kill(): void;
}

/** A folder with the packed package installed, and the CLI run in it offline. */
export interface ProgramFolder {
  dir: string;
  /** The CLI binary. */
  pulumi: string;
  env: NodeJS.ProcessEnv;
  /** `pulumi <args> --non-interactive` in the folder; a failure carries the CLI's output. */
  cli(...args: string[]): Promise<CliRun>;
  /** Everything every CLI run in this folder printed, stdout and stderr. */
  printed(): string;
  /** A command of a language's toolchain in the folder (go vet, python, tsc), with the CLI's environment. */
  exec(file: string, args: string[]): Promise<CliRun>;
  /** `pulumi config set-all` in one CLI call: strings as plain text, `{secret}` encrypted. */
  setConfig(values: Record<string, ConfigValue>): Promise<void>;
  /** `pulumi stack init <name>` (selected from then on) and its config. */
  newStack(name: string, config: Record<string, ConfigValue>): Promise<void>;
  /** Spawns `pulumi <args> --non-interactive` in its own process group, for a test that kills it. */
  spawnCli(...args: string[]): KillableRun;
  cleanup(): void;
}

/**
 * Runs a command with the output kept for the failure message, and the time limit every command of a test has
 * (test/support/run-command.ts: past it, the command is killed with every process below it and the test fails).
 */
function execIn(dir: string, env: NodeJS.ProcessEnv, file: string, args: string[]): Promise<CliRun> {
  return runCommand(file, args, { cwd: dir, env });
}

/** Modules a program takes from the repository's node_modules (the compiler ts-node loads, Node's types, yaml). */
export function linkFromRepo(dir: string, names: string[]): void {
  for (const name of names) {
    const target = path.join(dir, "node_modules", name);
    if (fs.existsSync(target)) continue;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules", name), target, "dir");
  }
}

export function spawnKillable(
  pulumi: string,
  dir: string,
  env: NodeJS.ProcessEnv,
  args: string[],
): KillableRun {
  const child = spawn(pulumi, [...args, "--non-interactive"], {
    cwd: dir,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exited,
    kill: () => killTree(child),
  };
}

/** The packed package installed into a fresh folder, with the CLI offline in it (`extraEnv` added). */
export function openProgramFolder(pulumi: string, extraEnv: NodeJS.ProcessEnv = {}): ProgramFolder {
  const installed = packAndInstall();
  const env: NodeJS.ProcessEnv = { ...offlineCliEnv(pulumi, installed.dir), ...extraEnv };
  return programFolderAt(pulumi, installed.dir, env, () => installed.cleanup());
}

/** A folder the test made itself (a quickstart's clone), with the CLI run in it with `env`. */
export function programFolderAt(
  pulumi: string,
  dir: string,
  env: NodeJS.ProcessEnv,
  cleanup: () => void,
): ProgramFolder {
  const outputs: string[] = [];
  const folder: ProgramFolder = {
    dir,
    pulumi,
    env,
    cli: async (...args) => {
      try {
        const result = await execIn(dir, env, pulumi, [...args, "--non-interactive"]);
        outputs.push(result.stdout, result.stderr);
        return result;
      } catch (err) {
        const e = err as Error & { stdout?: string; stderr?: string };
        outputs.push(e.stdout ?? "", e.stderr ?? "");
        throw err;
      }
    },
    printed: () => outputs.join("\n"),
    exec: (file, args) => execIn(dir, env, file, args),
    setConfig: async (values) => {
      const pairs = Object.entries(values).flatMap(([key, value]) =>
        typeof value === "string"
          ? ["--plaintext", `${key}=${value}`]
          : ["--secret", `${key}=${value.secret}`],
      );
      if (pairs.length > 0) await folder.cli("config", "set-all", ...pairs);
    },
    newStack: async (name, config) => {
      await folder.cli("stack", "init", name);
      await folder.setConfig(config);
    },
    spawnCli: (...args) => spawnKillable(pulumi, dir, env, args),
    cleanup,
  };
  return folder;
}

/** Polls `condition` until it holds (no fixed sleeps); fails after `timeoutMs` naming `what`. */
export async function waitFor<T>(
  what: string,
  condition: () => Promise<T | undefined>,
  timeoutMs = 600_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

// ---- A TypeScript program on the dynamic providers, with a stack on an in-process emulator.

/** Modules the examples import beyond the package and the SDK, linked from the repository's node_modules. */
const EXAMPLE_MODULES = ["yaml", "typescript", "@types/node"];

export interface CliStack extends ProgramFolder {
  url: string;
  apiKey: string;
  projectId: number;
  organizationId: string;
  /** The `posthog:*` stack config, as the engine harness's stacks send it (test/support/stack.ts). */
  config: Record<string, string>;
  /** A `/_emulator/...` control with the admin key. */
  control<T = unknown>(method: string, route: string, body?: unknown): Promise<T>;
  requests(): Promise<LoggedRequest[]>;
  clearRequests(): Promise<void>;
}

export interface CliStackOptions {
  /** examples/<name>: its program files are copied into the folder (not its package.json). */
  example?: string;
  /** Files to write into the folder (relative path -> text). */
  files?: Record<string, string>;
  /** Stack config beyond `posthog:*`. */
  config?: Record<string, string>;
  emulator?: Omit<EmulatorOptions, "port">;
  /** Create the stack and set its config (default true); false for a test that imports a state first. */
  init?: boolean;
}

const EXAMPLE_SKIP = new Set([
  "node_modules",
  "package.json",
  "package-lock.json",
  "README.md",
  "test",
  "bin",
]);

function copyExample(name: string, dir: string): void {
  const from = path.join(REPO_ROOT, "examples", name);
  for (const entry of fs.readdirSync(from)) {
    if (!EXAMPLE_SKIP.has(entry))
      fs.cpSync(path.join(from, entry), path.join(dir, entry), { recursive: true });
  }
}

/** The `posthog:*` stack config of a dynamic-provider program on `emulator` (the key in the clear). */
export function dynamicStackConfig(emulator: EmulatorHandle): Record<string, string> {
  return {
    "posthog:host": emulator.url,
    "posthog:projectId": String(emulator.projectId),
    "posthog:organizationId": emulator.organizationId,
    "posthog:requestsPerSecond": "0",
    "posthog:rateWindows": "off",
    // The tests count their resources' requests; the run's check of the key and host is tested on its own
    // (test/cli/key-check.test.ts).
    "posthog:checkKeyAndHost": "false",
    "posthog:apiKey": emulator.apiKey,
  };
}

export async function inCliStack<T>(
  pulumi: string,
  opts: CliStackOptions,
  body: (stack: CliStack) => Promise<T>,
): Promise<T> {
  const folder = openProgramFolder(pulumi);
  const emulator = await startEmulator({ ...opts.emulator, port: 0 });
  const dir = folder.dir;
  try {
    if (opts.example) copyExample(opts.example, dir);
    for (const [file, text] of Object.entries(opts.files ?? {})) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    linkFromRepo(dir, EXAMPLE_MODULES);
    const control = async <R>(method: string, route: string, payload?: unknown): Promise<R> => {
      const res = await emulatorCall(emulator.url, emulator.apiKey, method, `/_emulator${route}`, payload);
      if (res.status >= 400)
        throw new Error(`emulator control ${method} ${route}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as R;
    };
    const config = dynamicStackConfig(emulator);
    const stack: CliStack = {
      ...folder,
      url: emulator.url,
      apiKey: emulator.apiKey,
      projectId: emulator.projectId,
      organizationId: emulator.organizationId,
      config,
      control,
      requests: async () => (await control<{ requests: LoggedRequest[] }>("GET", "/requests")).requests,
      clearRequests: async () => {
        await control("DELETE", "/requests");
      },
    };
    if (opts.init !== false) {
      await stack.newStack("dev", {
        ...config,
        "posthog:apiKey": { secret: emulator.apiKey },
        ...opts.config,
      });
    }
    return await body(stack);
  } finally {
    await emulator.close();
    folder.cleanup();
  }
}

// ---- A folder for the provider plugin in another language.

export const PLUGIN_FOLDER = "node_modules/pulumi-posthog/plugin";

export interface PluginProject extends ProgramFolder {
  language: PluginLanguage;
  /** The program's files from a folder (examples/..., test/cli/programs/...): see PluginLanguage.useProgram. */
  useProgram(folder: string): void;
  /** Replaces `from` by `to` in the program's main file, once; fails when `from` is not there. */
  editProgram(from: string, to: string): void;
}

/** Pulumi.yaml of the folder, parsed. */
export function readProject(dir: string): Record<string, unknown> {
  return YAML.parse(fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8")) as Record<string, unknown>;
}

export function writeProject(dir: string, project: Record<string, unknown>): void {
  // No anchors: pulumi-yaml refuses alias nodes ("alias nodes are not supported"), and a program may declare one
  // object twice (two resources sharing their questions).
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), YAML.stringify(project, { aliasDuplicateObjects: false }));
}

/**
 * The folder, ready for stacks: installed package, project, `pulumi package add`, the language's dependencies.
 * `package add`'s own output is kept in printed() like every other run.
 */
export async function preparePluginProject(pulumi: string, language: PluginLanguage): Promise<PluginProject> {
  const folder = openProgramFolder(pulumi, language.env);
  const dir = folder.dir;
  const project: PluginProject = {
    ...folder,
    language,
    useProgram: (from) => language.useProgram(dir, path.resolve(REPO_ROOT, from)),
    editProgram: (from, to) => {
      const file = path.join(dir, language.mainFile);
      const text = fs.readFileSync(file, "utf8");
      if (!text.includes(from)) throw new Error(`${language.mainFile} has no "${from}" to edit`);
      fs.writeFileSync(file, text.replace(from, to));
    },
  };
  try {
    writeProject(dir, { name: "posthog-plugin-test", runtime: language.runtime });
    await language.beforePackageAdd(project);
    if (language.addsPlugin) await language.packageAdd(project);
    await language.afterPackageAdd(project);
    return project;
  } catch (error) {
    project.cleanup();
    throw error;
  }
}

// ---- A bare folder and an emulator, for a test that writes its own project and config.

export interface InstalledProgram {
  dir: string;
  emulator: EmulatorHandle;
  cli: ProgramFolder["cli"];
  spawnCli: ProgramFolder["spawnCli"];
}

/**
 * A YAML program on the installed plugin in the folder: `Pulumi.yaml` written, `pulumi package add` of the plugin, a
 * stack `dev` whose `posthog-iac:*` config points at the emulator (the key as a secret). Returns Pulumi.yaml as
 * `package add` left it.
 */
export async function yamlPluginStack(program: InstalledProgram, pulumiYaml: string): Promise<string> {
  const { dir, emulator, cli } = program;
  const file = path.join(dir, "Pulumi.yaml");
  fs.writeFileSync(file, pulumiYaml);
  await cli("package", "add", path.join(dir, "node_modules", "pulumi-posthog", "plugin"));
  await cli("stack", "init", "dev");
  await cli("config", "set", `${PACKAGE_NAME}:host`, emulator.url);
  await cli("config", "set", "--secret", `${PACKAGE_NAME}:apiKey`, emulator.apiKey);
  await cli("config", "set", `${PACKAGE_NAME}:projectId`, String(emulator.projectId));
  await cli("config", "set", `${PACKAGE_NAME}:organizationId`, emulator.organizationId);
  return fs.readFileSync(file, "utf8");
}

/** A program folder and an emulator (the default key), both removed afterwards. */
export async function inInstalledProgram(
  pulumi: string,
  body: (program: InstalledProgram) => Promise<void>,
): Promise<void> {
  const folder = openProgramFolder(pulumi);
  const emulator = await startEmulator({ port: 0 });
  try {
    await body({ dir: folder.dir, emulator, cli: folder.cli, spawnCli: folder.spawnCli });
  } finally {
    await emulator.close();
    folder.cleanup();
  }
}

/**
 * `pulumi package add` of the installed plugin (the project file must exist), a stack `dev`, and its
 * `posthog-iac:*` config for the emulator; the key as a secret unless `plainKey`.
 */
export async function initPluginStack(
  { dir, emulator, cli }: InstalledProgram,
  opts: { plainKey?: boolean } = {},
): Promise<void> {
  await cli("package", "add", path.join(dir, PLUGIN_FOLDER));
  await cli("stack", "init", "dev");
  await cli("config", "set", `${PACKAGE_NAME}:host`, emulator.url);
  await cli(
    "config",
    "set",
    ...(opts.plainKey ? [] : ["--secret"]),
    `${PACKAGE_NAME}:apiKey`,
    emulator.apiKey,
  );
  await cli("config", "set", `${PACKAGE_NAME}:projectId`, String(emulator.projectId));
  await cli("config", "set", `${PACKAGE_NAME}:organizationId`, emulator.organizationId);
}
