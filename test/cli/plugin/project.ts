// A program folder for the provider plugin through the real CLI, as a user in another language gets one: the packed
// package installed (its plugin folder at node_modules/pulumi-posthog/plugin), a Pulumi project of the language,
// `pulumi package add` on the plugin folder (which generates the language's SDK and links it), and the language's
// own dependencies installed. Stacks are then made in it with their config, and programs swapped in and edited.
// Everything the CLI printed is kept, so a test can show no output ever held the key.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import YAML from "yaml";
import { packAndInstall } from "../../package/install";
import { offlineCliEnv } from "../../support/pulumi-cli";
import { REPO_ROOT } from "../../support/self-link";
import type { PluginLanguage } from "./languages";

export const PLUGIN_FOLDER = "node_modules/pulumi-posthog/plugin";

export interface CliRun {
  stdout: string;
  stderr: string;
}

/** A stack config value: plain text, or a secret (`pulumi config set --secret`). */
export type ConfigValue = string | { secret: string };

export interface PluginProject {
  dir: string;
  /** The CLI binary. */
  pulumi: string;
  language: PluginLanguage;
  env: NodeJS.ProcessEnv;
  /** `pulumi <args> --non-interactive` in the folder; a failure carries the CLI's output. */
  cli(...args: string[]): Promise<CliRun>;
  /** Everything every CLI run in this folder printed, stdout and stderr. */
  printed(): string;
  /** A command of the language's toolchain in the folder (go vet, python, tsc), with the CLI's environment. */
  exec(file: string, args: string[]): Promise<CliRun>;
  /** The program's files from a folder (examples/..., test/cli/programs/...): see PluginLanguage.useProgram. */
  useProgram(folder: string): void;
  /** Replaces `from` by `to` in the program's main file, once; fails when `from` is not there. */
  editProgram(from: string, to: string): void;
  /** `pulumi stack init <name>` (selected from then on) and its config. */
  newStack(name: string, config: Record<string, ConfigValue>): Promise<void>;
  cleanup(): void;
}

const run = promisify(execFile);

/** Runs a command with the output kept for the failure message. */
async function execIn(dir: string, env: NodeJS.ProcessEnv, file: string, args: string[]): Promise<CliRun> {
  try {
    const { stdout, stderr } = await run(file, args, { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 });
    return { stdout, stderr };
  } catch (err) {
    const e = err as Error & { stdout?: string; stderr?: string };
    e.message = `${file} ${args.join(" ")} failed: ${e.message}\n--- stdout\n${e.stdout ?? ""}\n--- stderr\n${e.stderr ?? ""}`;
    throw e;
  }
}

/** Pulumi.yaml of the folder, parsed. */
export function readProject(dir: string): Record<string, unknown> {
  return YAML.parse(fs.readFileSync(path.join(dir, "Pulumi.yaml"), "utf8")) as Record<string, unknown>;
}

export function writeProject(dir: string, project: Record<string, unknown>): void {
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), YAML.stringify(project));
}

/**
 * The folder, ready for stacks: installed package, project, `pulumi package add`, the language's dependencies.
 * `package add`'s own output is kept in printed() like every other run.
 */
export async function preparePluginProject(pulumi: string, language: PluginLanguage): Promise<PluginProject> {
  const installed = packAndInstall();
  const dir = installed.dir;
  const env: NodeJS.ProcessEnv = { ...offlineCliEnv(pulumi, dir), ...language.env };
  const outputs: string[] = [];
  const record = (r: CliRun) => {
    outputs.push(r.stdout, r.stderr);
    return r;
  };
  const project: PluginProject = {
    dir,
    pulumi,
    language,
    env,
    cli: async (...args) => {
      try {
        return record(await execIn(dir, env, pulumi, [...args, "--non-interactive"]));
      } catch (err) {
        const e = err as Error & { stdout?: string; stderr?: string };
        outputs.push(e.stdout ?? "", e.stderr ?? "");
        throw err;
      }
    },
    printed: () => outputs.join("\n"),
    exec: (file, args) => execIn(dir, env, file, args),
    useProgram: (folder) => language.useProgram(dir, path.resolve(REPO_ROOT, folder)),
    editProgram: (from, to) => {
      const file = path.join(dir, language.mainFile);
      const text = fs.readFileSync(file, "utf8");
      if (!text.includes(from)) throw new Error(`${language.mainFile} has no "${from}" to edit`);
      fs.writeFileSync(file, text.replace(from, to));
    },
    newStack: async (name, config) => {
      await project.cli("stack", "init", name);
      const pairs = Object.entries(config).flatMap(([key, value]) =>
        typeof value === "string"
          ? ["--plaintext", `${key}=${value}`]
          : ["--secret", `${key}=${value.secret}`],
      );
      if (pairs.length > 0) await project.cli("config", "set-all", ...pairs);
    },
    cleanup: () => installed.cleanup(),
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
