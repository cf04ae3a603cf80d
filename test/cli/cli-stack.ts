// A stack of a TypeScript program run by the real `pulumi` CLI against the emulator: the packed package installed
// into a fresh folder (test/package/install.ts), the program's files copied in, the CLI offline on a local
// backend (test/support/pulumi-cli.ts), the `posthog:*` config pointing at an in-process emulator, and the
// emulator's request log read after each CLI step. Also a CLI run that can be killed (its whole process tree).
import { ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startEmulator, type EmulatorOptions } from "posthog-emulator";
import { packAndInstall } from "../package/install";
import { emulatorCall } from "../support/fresh-connection";
import { cliIn, offlineCliEnv } from "../support/pulumi-cli";
import { REPO_ROOT } from "../support/self-link";
import type { LoggedRequest } from "../support/stack";

/** Modules the examples import beyond the package and the SDK, linked from the repository's node_modules. */
const LINKED_MODULES = ["yaml", "typescript", "@types/node"];

export interface CliStack {
  dir: string;
  url: string;
  apiKey: string;
  projectId: number;
  organizationId: string;
  /** The `posthog:*` stack config, as the engine harness's stacks send it (test/support/stack.ts). */
  config: Record<string, string>;
  /** `pulumi <args> --non-interactive` in the program folder; rejects with the CLI's output on failure. */
  cli(...args: string[]): Promise<{ stdout: string; stderr: string }>;
  /** `pulumi config set-all` of plain values (one CLI call). */
  setConfig(values: Record<string, string>): Promise<void>;
  /** A `/_emulator/...` control with the admin key. */
  control<T = unknown>(method: string, route: string, body?: unknown): Promise<T>;
  requests(): Promise<LoggedRequest[]>;
  clearRequests(): Promise<void>;
  /** Spawns `pulumi <args>` in its own process group, for a test that kills it. */
  spawnCli(...args: string[]): KillableRun;
}

export interface KillableRun {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** SIGKILL to the CLI's process group and every process below it (plugins run in their own groups). */
  kill(): void;
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

function linkModules(dir: string): void {
  for (const name of LINKED_MODULES) {
    const target = path.join(dir, "node_modules", name);
    if (fs.existsSync(target)) continue;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules", name), target, "dir");
  }
}

/** Every pid below `root`, read from /proc (children first found, then theirs). */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift() as number) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

function killQuietly(pid: number, group = false): void {
  try {
    process.kill(group ? -pid : pid, "SIGKILL");
  } catch {
    // already gone
  }
}

export async function inCliStack<T>(
  pulumi: string,
  opts: CliStackOptions,
  body: (stack: CliStack) => Promise<T>,
): Promise<T> {
  const installed = packAndInstall();
  const emulator = await startEmulator({ ...opts.emulator, port: 0 });
  const dir = installed.dir;
  try {
    if (opts.example) copyExample(opts.example, dir);
    for (const [file, text] of Object.entries(opts.files ?? {})) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    linkModules(dir);
    const call = (method: string, route: string, payload?: unknown) =>
      emulatorCall(emulator.url, emulator.apiKey, method, route, payload);
    const control = async <R>(method: string, route: string, payload?: unknown): Promise<R> => {
      const res = await call(method, `/_emulator${route}`, payload);
      if (res.status >= 400)
        throw new Error(`emulator control ${method} ${route}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as R;
    };
    const config: Record<string, string> = {
      "posthog:host": emulator.url,
      "posthog:projectId": String(emulator.projectId),
      "posthog:organizationId": emulator.organizationId,
      "posthog:requestsPerSecond": "0",
      "posthog:rateWindows": "off",
      "posthog:apiKey": emulator.apiKey,
    };
    const run = cliIn(pulumi, dir) as CliStack["cli"];
    const setConfig = async (values: Record<string, string>) => {
      const pairs = Object.entries(values).flatMap(([k, v]) =>
        k === "posthog:apiKey" ? ["--secret", `${k}=${v}`] : ["--plaintext", `${k}=${v}`],
      );
      if (pairs.length > 0) await run("config", "set-all", ...pairs);
    };
    const env = offlineCliEnv(pulumi, dir);
    const stack: CliStack = {
      dir,
      url: emulator.url,
      apiKey: emulator.apiKey,
      projectId: emulator.projectId,
      organizationId: emulator.organizationId,
      config,
      cli: run,
      setConfig,
      control,
      requests: async () => (await control<{ requests: LoggedRequest[] }>("GET", "/requests")).requests,
      clearRequests: async () => {
        await control("DELETE", "/requests");
      },
      spawnCli: (...args) => {
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
          kill: () => {
            const pid = child.pid;
            if (pid === undefined) return;
            const below = descendants(pid);
            killQuietly(pid, true);
            for (const p of below) killQuietly(p);
          },
        };
      },
    };
    if (opts.init !== false) {
      await run("stack", "init", "dev");
      await setConfig({ ...config, ...opts.config });
    }
    return await body(stack);
  } finally {
    await emulator.close();
    installed.cleanup();
  }
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
