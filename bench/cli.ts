// Benchmarks through the real `pulumi` CLI (the toolchain's, `npm run toolchain`; or one on PATH) against the floor
// the engine allows: a provider that does nothing, launched the way ours is, in the same run.
// - dynamic face: a nodejs program of N `Survey`s against one of N resources on bench/fixtures/trivial-dynamic,
//   an installed module whose exports are the provider (serialised as one `require` line, as our shim is);
// - plugin face: a YAML program of N surveys of `posthog-iac` against one of N things of
//   bench/fixtures/trivial-plugin, a provider plugin folder started the same way (its executable launcher).
// For each face and each N (25, 100, 200; BENCH_CLI_COUNTS=5,10 for a quick look) ours and trivial run
// interleaved, step by step: `up`, a no-op `preview`, a `refresh`; then the state bytes per resource. Each step
// reports wall time and CPU (user + sys of the CLI's whole process tree: the CLI, its language host, the program,
// the plugins; the emulator runs apart) and ours / trivial. The cold start is a 1-survey preview of a new stack,
// and invites get the state-bytes row too. The emulator answers at once (no latency), file backend, --parallel 8.
// Each `up` is also run by the requests floor: the trivial provider sending the POSTs a survey's create must send,
// as ours sends them (bench/fixtures/floor-requests.js), so ours / floor is our own work over the API's. And by that
// floor storing outputs shaped as ours (PostHog's answer copied into the same names, no checks), which splits ours /
// floor into what keeping those outputs costs the engine and the SDK, and what our own code costs over that.
// Without a CLI it returns one row saying so, and the rest of `npm run bench` runs.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import YAML from "yaml";
import { packAndInstall, type InstalledProgram } from "../test/package/install";
import { startEmulatorProcess, type EmulatorProcess } from "../test/support/emulator-process";
import { emulatorCall } from "../test/support/fresh-connection";
import { offlineCliEnv, pulumiFromToolchain, pulumiOnPath } from "../test/support/pulumi-cli";
import { REPO_ROOT } from "../test/support/self-link";
import type { LoggedRequest } from "../test/support/stack";
import { PACKAGE_NAME, RESOURCE_TOKENS } from "../src/plugin/tokens";
import { RESET_OUTPUTS } from "../src/resources/survey/fields";
import { ms, ratio, Row } from "./table";

const PARALLEL = 8;
const INVITES = 10;
const COMMAND = "npm run bench -- --only cli";

/** The survey counts to run; BENCH_CLI_COUNTS overrides them (a comma-separated list). */
function counts(): number[] {
  const given = (process.env.BENCH_CLI_COUNTS ?? "")
    .split(",")
    .map(Number)
    .filter((n) => n > 0);
  return given.length > 0 ? given : [25, 100, 200];
}

type Face = "dynamic" | "plugin";
type Impl = "ours" | "trivial";
type Kind = "survey" | "invite";
/** The trivial provider as it is, sending a survey's requests, or sending them and storing outputs shaped as ours. */
type Floor = "none" | "requests" | "outputs";
const IMPLS: readonly Impl[] = ["ours", "trivial"];

/** What one CLI command cost: wall time, and the CPU of its whole process tree. */
interface Cost {
  wallMs: number;
  cpuMs: number;
}

/** A stack in its own folder (own backend and PULUMI_HOME) under the installed program folder. */
interface Project {
  run(...args: string[]): Promise<Cost>;
  resourceBytes(): Promise<number>;
}

const surveyArgs = (i: number) => ({
  name: `bench survey ${i}`,
  type: "popover",
  questions: [{ type: "open", question: `Question ${i}?` }],
});
const inviteArgs = (i: number) => ({ targetEmail: `bench${i}@example.com`, sendEmail: false });

function nodeProgram(impl: Impl, kind: Kind, count: number): string {
  const args = kind === "survey" ? surveyArgs : inviteArgs;
  const make =
    impl === "ours"
      ? `new posthog.${kind === "survey" ? "Survey" : "Invite"}(\`bench-\${i}\`, args(i));`
      : `new pulumi.dynamic.Resource(trivial, \`bench-\${i}\`, args(i));`;
  return [
    impl === "ours"
      ? 'const posthog = require("pulumi-posthog");'
      : 'const pulumi = require("@pulumi/pulumi");\nconst trivial = require("trivial-dynamic-provider");',
    `const args = ${args.toString()};`,
    `for (let i = 0; i < ${count}; i++) ${make}`,
    "",
  ].join("\n");
}

function yamlProgram(impl: Impl, kind: Kind, count: number): Record<string, unknown> {
  const type =
    impl === "ours"
      ? RESOURCE_TOKENS[kind === "survey" ? "Survey" : "Invite"]
      : `trivial:index:${kind === "survey" ? "Thing" : "Invite"}`;
  const args = kind === "survey" ? surveyArgs : inviteArgs;
  const resources: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) resources[`bench-${i}`] = { type, properties: args(i) };
  return { name: `bench-${impl}`, runtime: "yaml", resources };
}

/** Runs `pulumi args` under bash and reads the CPU of its reaped process tree from `times`. */
function timedCli(pulumi: string, dir: string, env: NodeJS.ProcessEnv, args: string[]): Promise<Cost> {
  const script = '"$@"; status=$?; times >&2; exit $status';
  const started = performance.now();
  return new Promise((resolve, reject) =>
    execFile(
      "bash",
      ["-c", script, "bash", pulumi, ...args, "--non-interactive"],
      { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const wallMs = performance.now() - started;
        if (error) {
          reject(
            new Error(`pulumi ${args.join(" ")} failed in ${dir}: ${error.message}\n${stdout}\n${stderr}`),
          );
          return;
        }
        // `times`: the shell's own user and sys, then its children's (every process of the tree it reaped).
        const children = stderr.trim().split("\n").pop() ?? "";
        const m = /(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/.exec(children);
        if (!m) {
          reject(new Error(`no CPU times from bash for pulumi ${args.join(" ")}: ${children}`));
          return;
        }
        const cpuMs = (Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) * 60 + Number(m[4])) * 1000;
        resolve({ wallMs, cpuMs });
      },
    ),
  );
}

/** Installs the package once, the trivial dynamic provider into its node_modules and the trivial plugin beside. */
function installAll(): InstalledProgram {
  const installed = packAndInstall();
  const fixtures = path.join(REPO_ROOT, "bench", "fixtures");
  fs.cpSync(
    path.join(fixtures, "trivial-dynamic"),
    path.join(installed.dir, "node_modules", "trivial-dynamic-provider"),
    { recursive: true },
  );
  fs.cpSync(path.join(fixtures, "trivial-plugin"), path.join(installed.dir, "trivial-plugin"), {
    recursive: true,
  });
  // The requests floor's module beside each (it finds axios in the program's node_modules, as the package's).
  for (const folder of ["node_modules/trivial-dynamic-provider", "trivial-plugin"])
    fs.copyFileSync(
      path.join(fixtures, "floor-requests.js"),
      path.join(installed.dir, folder, "floor-requests.js"),
    );
  return installed;
}

let projects = 0;

async function project(
  pulumi: string,
  installed: InstalledProgram,
  emulator: EmulatorProcess,
  face: Face,
  impl: Impl,
  kind: Kind,
  count: number,
  floor: Floor = "none",
): Promise<Project> {
  projects += 1;
  const dir = path.join(installed.dir, `${face}-${impl}-${kind}-${count}-${projects}`);
  fs.mkdirSync(dir);
  const env = {
    ...offlineCliEnv(pulumi, dir),
    // The requests floor (bench/fixtures/floor-requests.js): the trivial provider sends a survey's POST and DELETE.
    ...(floor !== "none"
      ? {
          BENCH_FLOOR_SURVEYS: `${emulator.url}/api/projects/${emulator.projectId}/surveys/`,
          BENCH_FLOOR_KEY: emulator.apiKey,
        }
      : {}),
    ...(floor === "outputs"
      ? {
          BENCH_FLOOR_OUTPUTS: face,
          BENCH_FLOOR_RESET_OUTPUTS: JSON.stringify(Object.fromEntries(RESET_OUTPUTS)),
        }
      : {}),
  };
  const cli = (...args: string[]) => timedCli(pulumi, dir, env, args);
  if (face === "dynamic") {
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: bench-${impl}\nruntime: nodejs\nmain: index.js\n`);
    fs.writeFileSync(path.join(dir, "index.js"), nodeProgram(impl, kind, count));
  } else {
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), YAML.stringify(yamlProgram(impl, kind, count)));
    const plugin =
      impl === "ours"
        ? path.join(installed.dir, "node_modules", "pulumi-posthog", "plugin")
        : path.join(installed.dir, "trivial-plugin");
    await cli("package", "add", plugin);
  }
  await cli("stack", "init", "bench");
  if (impl === "ours") {
    const ns = face === "dynamic" ? "posthog" : PACKAGE_NAME;
    await cli(
      "config",
      "set-all",
      "--plaintext",
      `${ns}:host=${emulator.url}`,
      "--secret",
      `${ns}:apiKey=${emulator.apiKey}`,
      "--plaintext",
      `${ns}:projectId=${emulator.projectId}`,
      "--plaintext",
      `${ns}:organizationId=${emulator.organizationId}`,
      "--plaintext",
      `${ns}:requestsPerSecond=0`,
      "--plaintext",
      `${ns}:rateWindows=off`,
    );
  }
  const resourceBytes = async () => {
    const file = path.join(dir, "state.json");
    await cli("stack", "export", "--file", file);
    const state = JSON.parse(fs.readFileSync(file, "utf8")) as {
      deployment: { resources?: { type: string; custom?: boolean }[] };
    };
    const mine = (state.deployment.resources ?? []).filter(
      (r) => r.custom === true && !r.type.startsWith("pulumi:"),
    );
    const bytes = mine.reduce((sum, r) => sum + JSON.stringify(r).length, 0);
    return mine.length > 0 ? bytes / mine.length : Number.NaN;
  };
  return { run: cli, resourceBytes };
}

type Step = "up" | "preview" | "refresh";
const STEP_ARGS: Record<Step, string[]> = {
  up: ["up", "--yes", "--skip-preview", "--parallel", String(PARALLEL)],
  preview: ["preview", "--expect-no-changes", "--parallel", String(PARALLEL)],
  refresh: ["refresh", "--yes", "--skip-preview", "--parallel", String(PARALLEL)],
};

interface StepFigures {
  cost: Record<Impl, Cost>;
  /** Requests PostHog received during our step. */
  requests: number;
}

interface CountFigures {
  count: number;
  steps: Record<Step, StepFigures>;
  /** The `up` of the trivial provider that sends the same POSTs (the requests floor), and the requests it sent. */
  floorUp: Cost;
  floorRequests: number;
  /** The same floor storing outputs shaped as ours: its `up`, and its state bytes per survey. */
  shapedUp: Cost;
  shapedBytes: number;
  bytes: Record<Impl, number>;
}

interface FaceFigures {
  counts: CountFigures[];
  cold: Record<Impl, Cost>;
  inviteBytes: Record<Impl, number>;
}

/** Loads over the run's life, for the page: the 1-minute load average at each step. */
const loads: number[] = [];

async function measureFace(
  pulumi: string,
  installed: InstalledProgram,
  emulator: EmulatorProcess,
  face: Face,
): Promise<FaceFigures> {
  const control = (method: string, route: string, body?: unknown) =>
    emulatorCall(emulator.url, emulator.apiKey, method, `/_emulator${route}`, body);
  const requests = async () =>
    ((await control("GET", "/requests")).body as { requests: LoggedRequest[] }).requests.filter(
      (r) => !r.path.startsWith("/_emulator"),
    ).length;
  const make = (impl: Impl, kind: Kind, count: number, floor: Floor = "none") =>
    project(pulumi, installed, emulator, face, impl, kind, count, floor);
  await control("POST", "/latency", { ms: 0 });

  // Cold start: a 1-survey preview of a new stack, ours and trivial alternately.
  const coldOnes = { ours: await make("ours", "survey", 1), trivial: await make("trivial", "survey", 1) };
  const cold = {} as Record<Impl, Cost>;
  for (const impl of IMPLS) cold[impl] = await coldOnes[impl].run("preview");

  const figures: CountFigures[] = [];
  for (const [round, count] of counts().entries()) {
    const both = {
      ours: await make("ours", "survey", count),
      trivial: await make("trivial", "survey", count),
    };
    const floor = await make("trivial", "survey", count, "requests");
    const shaped = await make("trivial", "survey", count, "outputs");
    let floorUp: Cost = { wallMs: Number.NaN, cpuMs: Number.NaN };
    let shapedUp: Cost = { wallMs: Number.NaN, cpuMs: Number.NaN };
    let shapedBytes = Number.NaN;
    let floorRequests = 0;
    // Alternate which goes first, so neither always runs right after the other's disk writes.
    const order: Impl[] = round % 2 === 0 ? ["ours", "trivial"] : ["trivial", "ours"];
    const steps = {} as Record<Step, StepFigures>;
    for (const step of ["up", "preview", "refresh"] as const) {
      const cost = {} as Record<Impl, Cost>;
      let ourRequests = 0;
      for (const impl of order) {
        await control("DELETE", "/requests");
        loads.push(os.loadavg()[0]);
        cost[impl] = await both[impl].run(...STEP_ARGS[step]);
        if (impl === "ours") ourRequests = await requests();
      }
      steps[step] = { cost, requests: ourRequests };
      if (step === "up") {
        // The requests floor's up, then its destroy at once: its surveys would lengthen ours' listings.
        await control("DELETE", "/requests");
        loads.push(os.loadavg()[0]);
        floorUp = await floor.run(...STEP_ARGS.up);
        floorRequests = await requests();
        await floor.run("destroy", "--yes", "--skip-preview");
        loads.push(os.loadavg()[0]);
        shapedUp = await shaped.run(...STEP_ARGS.up);
        shapedBytes = await shaped.resourceBytes();
        await shaped.run("destroy", "--yes", "--skip-preview");
      }
    }
    const bytes = { ours: await both.ours.resourceBytes(), trivial: await both.trivial.resourceBytes() };
    for (const impl of IMPLS) await both[impl].run("destroy", "--yes", "--skip-preview");
    figures.push({ count, steps, bytes, floorUp, floorRequests, shapedUp, shapedBytes });
  }

  const inviteBytes = {} as Record<Impl, number>;
  for (const impl of IMPLS) {
    const invites = await make(impl, "invite", INVITES);
    await invites.run(...STEP_ARGS.up);
    inviteBytes[impl] = await invites.resourceBytes();
    await invites.run("destroy", "--yes", "--skip-preview");
  }
  return { counts: figures, cold, inviteBytes };
}

const seconds = (c: Cost) => `wall ${ms(c.wallMs)}, CPU ${ms(c.cpuMs)}`;
const ratios = (c: Record<Impl, Cost>) =>
  `wall ${ratio(c.ours.wallMs, c.trivial.wallMs)}, CPU ${ratio(c.ours.cpuMs, c.trivial.cpuMs)}`;

function faceRows(face: Face, f: FaceFigures): Row[] {
  const label =
    face === "dynamic" ? "dynamic face (nodejs program)" : "plugin face (YAML program, posthog-iac plugin)";
  const rows: Row[] = [];
  const row = (benchmark: string, figure: string, floor: string, r: string) =>
    rows.push({ benchmark: `real CLI, ${label}: ${benchmark}`, figure, floor, ratio: r, command: COMMAND });
  row(
    "cold start, preview of 1 survey (new stack)",
    seconds(f.cold.ours),
    `trivial: ${seconds(f.cold.trivial)}`,
    ratios(f.cold),
  );
  for (const c of f.counts) {
    const what: Record<Step, string> = {
      up: `up of ${c.count} surveys`,
      preview: `no-op preview of ${c.count} surveys`,
      refresh: `refresh of ${c.count} surveys`,
    };
    for (const step of ["up", "preview", "refresh"] as const) {
      const s = c.steps[step];
      row(
        what[step],
        `${seconds(s.cost.ours)}; ${s.requests} requests`,
        `trivial: ${seconds(s.cost.trivial)}`,
        ratios(s.cost),
      );
    }
    row(
      `up of ${c.count} surveys, against the requests floor (trivial sending the same POSTs)`,
      `${seconds(c.steps.up.cost.ours)}; ${c.steps.up.requests} requests`,
      `floor: ${seconds(c.floorUp)}; ${c.floorRequests} requests (floor / trivial: CPU ${ratio(c.floorUp.cpuMs, c.steps.up.cost.trivial.cpuMs)})`,
      `wall ${ratio(c.steps.up.cost.ours.wallMs, c.floorUp.wallMs)}, CPU ${ratio(c.steps.up.cost.ours.cpuMs, c.floorUp.cpuMs)}`,
    );
    row(
      `up of ${c.count} surveys, against the requests floor storing outputs shaped as ours (${Math.round(c.shapedBytes)} B per survey)`,
      `${seconds(c.steps.up.cost.ours)}`,
      `floor with outputs: ${seconds(c.shapedUp)} (its CPU / the requests floor's: ${ratio(c.shapedUp.cpuMs, c.floorUp.cpuMs)})`,
      `wall ${ratio(c.steps.up.cost.ours.wallMs, c.shapedUp.wallMs)}, CPU ${ratio(c.steps.up.cost.ours.cpuMs, c.shapedUp.cpuMs)}`,
    );
    row(
      `state bytes per survey (N = ${c.count})`,
      `${Math.round(c.bytes.ours)} B`,
      `trivial: ${Math.round(c.bytes.trivial)} B`,
      ratio(c.bytes.ours, c.bytes.trivial),
    );
  }
  // Growth: the extra CPU and wall time per extra survey between consecutive counts.
  for (let i = 1; i < f.counts.length; i++) {
    const [a, b] = [f.counts[i - 1], f.counts[i]];
    const per = (impl: Impl, key: keyof Cost) =>
      (b.steps.up.cost[impl][key] - a.steps.up.cost[impl][key]) / (b.count - a.count);
    row(
      `up, per extra survey from N = ${a.count} to ${b.count}`,
      `wall ${ms(per("ours", "wallMs"))}, CPU ${ms(per("ours", "cpuMs"))}`,
      `trivial: wall ${ms(per("trivial", "wallMs"))}, CPU ${ms(per("trivial", "cpuMs"))}`,
      `CPU ${ratio(per("ours", "cpuMs"), per("trivial", "cpuMs"))}`,
    );
  }
  row(
    `state bytes per invite (${INVITES} invites)`,
    `${Math.round(f.inviteBytes.ours)} B`,
    `trivial: ${Math.round(f.inviteBytes.trivial)} B`,
    ratio(f.inviteBytes.ours, f.inviteBytes.trivial),
  );
  return rows;
}

export async function cliRows(): Promise<Row[]> {
  const pulumi = pulumiFromToolchain() ?? pulumiOnPath();
  if (!pulumi) {
    return [
      {
        benchmark: "real Pulumi CLI benchmarks",
        figure: "skipped: no pulumi CLI (run `npm run toolchain`)",
        floor: "-",
        ratio: "-",
        command: COMMAND,
      },
    ];
  }
  const emulator = await startEmulatorProcess();
  const installed = installAll();
  try {
    const rows: Row[] = [];
    for (const face of ["dynamic", "plugin"] as const) {
      rows.push(...faceRows(face, await measureFace(pulumi, installed, emulator, face)));
    }
    const [low, high] = [Math.min(...loads), Math.max(...loads)];
    rows.push({
      benchmark: "real CLI: the machine's 1-minute load average during the steps above",
      figure: `${low.toFixed(1)} to ${high.toFixed(1)}`,
      floor: "-",
      ratio: "-",
      command: COMMAND,
    });
    return rows;
  } finally {
    installed.cleanup();
    await emulator.close();
  }
}
