// Benchmark 5: the cold start of each face, from spawning the provider process to the answer of its first Check
// (after Configure, as the engine sends them), for a Survey of the installed package, against a provider that does
// nothing, started the same way, in the same folder. Median of a few alternating runs, wall time and the CPU of the
// provider process (its utime + stime from /proc/<pid>/stat when Check has answered, in clock ticks of 10 ms).
// - dynamic face: the SDK's dynamic-provider process serving the Survey shim, against the same process serving a
//   do-nothing dynamic provider;
// - plugin face: the package's own plugin (pulumi-resource-posthog-iac, installed) after Handshake, against the
//   trivial plugin of bench/fixtures (the floor of `npm run bench -- --only cli`), started the same way.
// Each with the run's check of the key and host off (`checkKeyAndHost: false`: no request, no HTTP client loaded)
// and on (one request to the emulator, which loads the client).
import fs from "node:fs";
import path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { startProviderServer } from "../test/support/provider-server";
import { startPluginServer } from "../test/support/plugin-server";
import { startEmulatorProcess, type EmulatorProcess } from "../test/support/emulator-process";
import { REPO_ROOT } from "../test/support/self-link";
import { PACKAGE_NAME, PLUGIN_EXECUTABLE, RESOURCE_TOKENS } from "../src/plugin/tokens";
import { doNothing } from "./naive-provider";
import type { InstalledProviders } from "./provider-size";
import { ms, ratio, Row } from "./table";

const RUNS = 5;
const COMMAND = "npm run bench -- --only cold-start";
const ARGS = { name: "Cold start", type: "popover", questions: [{ type: "open", question: "Hi?" }] };

/** One start: wall time to the first Check's answer, and the provider process's CPU by then. */
interface Start {
  wallMs: number;
  ticks: number;
}

/** utime + stime of a live process, in clock ticks (fields 14 and 15 of /proc/<pid>/stat). */
function cpuTicks(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return Number(fields[11]) + Number(fields[12]);
}

interface Server {
  pid: number;
  configure(config: Record<string, string>): Promise<void>;
  check(
    urn: string,
    olds: Record<string, unknown>,
    news: Record<string, unknown>,
  ): Promise<{ failures: unknown[] }>;
  close(): Promise<void>;
}

async function timeToFirstCheck(
  start: () => Promise<Server>,
  config: Record<string, string>,
  urn: string,
  news: Record<string, unknown>,
): Promise<Start> {
  const started = performance.now();
  const server = await start();
  try {
    await server.configure(config);
    const checked = await server.check(urn, {}, news);
    if (checked.failures.length > 0)
      throw new Error(`cold-start check of ${urn} failed: ${JSON.stringify(checked.failures)}`);
    return { wallMs: performance.now() - started, ticks: cpuTicks(server.pid) };
  } finally {
    await server.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

type Case =
  "dynamic, key check off" | "dynamic, key check on" | "plugin, key check off" | "plugin, key check on";
const CASES: readonly Case[] = [
  "dynamic, key check off",
  "dynamic, key check on",
  "plugin, key check off",
  "plugin, key check on",
];

/** The key check's settings under each face's namespace: off, or on against the emulator. */
function settings(ns: string, emulator: EmulatorProcess, on: boolean): Record<string, string> {
  return on
    ? {
        [`${ns}:host`]: emulator.url,
        [`${ns}:apiKey`]: emulator.apiKey,
        [`${ns}:projectId`]: String(emulator.projectId),
      }
    : { [`${ns}:host`]: "http://127.0.0.1:9", [`${ns}:checkKeyAndHost`]: "false" };
}

export async function coldStartRows(ctx: InstalledProviders): Promise<Row[]> {
  const survey = ctx.providers.get("pulumi-nodejs:dynamic/posthog:Survey");
  if (!survey) throw new Error("no Survey __provider to start");
  const dir = ctx.installed.dir;
  const bare = doNothing();
  const bareText = (await pulumi.runtime.serializeFunction(() => bare, { allowSecrets: true })).text;
  // The trivial plugin beside the program, finding the SDK's bindings in its node_modules (as bench/cli.ts puts it).
  const trivial = path.join(dir, "trivial-plugin-cold");
  fs.cpSync(path.join(REPO_ROOT, "bench", "fixtures", "trivial-plugin"), trivial, { recursive: true });
  fs.copyFileSync(
    path.join(REPO_ROOT, "bench", "fixtures", "floor-requests.js"),
    path.join(trivial, "floor-requests.js"),
  );
  const env = { NODE_PATH: "" };
  const dynamic = () => startProviderServer({ cwd: dir, env });
  // The file the package's bin names, in the consumer's node_modules (the engine runs the bin itself).
  const main = path.join(dir, "node_modules", "pulumi-posthog", "dist", "plugin", "main.js");
  const plugin = () => startPluginServer({ cwd: dir, main, env });
  const floorPlugin = () => startPluginServer({ cwd: dir, main: path.join(trivial, "index.js"), env });
  const surveyUrn = "urn:pulumi:dev::consumer::pulumi-nodejs:dynamic/posthog:Survey::cold";
  const pluginUrn = `urn:pulumi:dev::consumer::${RESOURCE_TOKENS.Survey}::cold`;

  const emulator = await startEmulatorProcess();
  try {
    const ours: Record<Case, () => Promise<Start>> = {
      "dynamic, key check off": () =>
        timeToFirstCheck(dynamic, settings("posthog", emulator, false), surveyUrn, {
          __provider: survey,
          __identity: surveyUrn,
          ...ARGS,
        }),
      "dynamic, key check on": () =>
        timeToFirstCheck(dynamic, settings("posthog", emulator, true), surveyUrn, {
          __provider: survey,
          __identity: surveyUrn,
          ...ARGS,
        }),
      "plugin, key check off": () =>
        timeToFirstCheck(plugin, settings(PACKAGE_NAME, emulator, false), pluginUrn, ARGS),
      "plugin, key check on": () =>
        timeToFirstCheck(plugin, settings(PACKAGE_NAME, emulator, true), pluginUrn, ARGS),
    };
    const floors = {
      dynamic: () =>
        timeToFirstCheck(dynamic, {}, "urn:pulumi:dev::consumer::pulumi-nodejs:dynamic:Resource::cold", {
          __provider: bareText,
        }),
      plugin: () =>
        timeToFirstCheck(floorPlugin, {}, "urn:pulumi:dev::consumer::trivial:index:Thing::cold", ARGS),
    };
    const times = new Map<string, Start[]>();
    const record = async (key: string, run: () => Promise<Start>) =>
      times.set(key, [...(times.get(key) ?? []), await run()]);
    // Alternating, so each of ours runs beside its floor on the same machine load.
    for (let i = 0; i < RUNS; i++) {
      for (const face of ["dynamic", "plugin"] as const) {
        await record(face, floors[face]);
        for (const c of CASES.filter((c) => c.startsWith(face))) await record(c, ours[c]);
      }
    }
    const figures = (key: string) => {
      const runs = times.get(key) ?? [];
      return { wallMs: median(runs.map((r) => r.wallMs)), ticks: median(runs.map((r) => r.ticks)) };
    };
    return CASES.map((c) => {
      const face = c.startsWith("dynamic") ? "dynamic" : "plugin";
      const [mine, floor] = [figures(c), figures(face)];
      const what =
        face === "dynamic"
          ? "the SDK's dynamic provider serving the Survey shim"
          : `${PLUGIN_EXECUTABLE} (installed)`;
      const against =
        face === "dynamic"
          ? "a do-nothing dynamic provider, same SDK"
          : "the trivial plugin of bench/fixtures, started the same way";
      return {
        benchmark: `cold start to the first Check answer, ${c}: ${what}, median of ${RUNS}`,
        figure: `wall ${ms(mine.wallMs)}, CPU ${mine.ticks * 10} ms`,
        floor: `wall ${ms(floor.wallMs)}, CPU ${floor.ticks * 10} ms (${against})`,
        ratio: `wall ${ratio(mine.wallMs, floor.wallMs)}, CPU ${ratio(mine.ticks, floor.ticks)}`,
        command: COMMAND,
      };
    });
  } finally {
    await emulator.close();
  }
}
