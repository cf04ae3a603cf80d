// Benchmarks through the real `pulumi` CLI (the toolchain's, `npm run toolchain`; or one on PATH), against the
// emulator in its own process with 50 ms of latency per request:
// - `pulumi up` of 100 surveys through the dynamic face (a nodejs program on the installed package) and through
//   the plugin face (a YAML program, `pulumi package add` of the installed plugin), each against the floor
//   requests x latency / the engine's parallelism (`--parallel`, set explicitly);
// - a no-op `pulumi preview` of the same 100 surveys: its requests (0 expected) and its time;
// - the cold start of each face: `pulumi preview` of one survey against the same preview of an empty program of
//   the same runtime (the CLI, the language host and the program, without the provider).
// Without a CLI it returns one row saying so, and the rest of `npm run bench` runs.
import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";
import { packAndInstall, type InstalledProgram } from "../test/package/install";
import { startEmulatorProcess, type EmulatorProcess } from "../test/support/emulator-process";
import { emulatorCall } from "../test/support/fresh-connection";
import { cliIn, pulumiFromToolchain, pulumiOnPath } from "../test/support/pulumi-cli";
import type { LoggedRequest } from "../test/support/stack";
import { PACKAGE_NAME, RESOURCE_TOKENS } from "../src/plugin/tokens";
import { ms, ratio, Row } from "./table";

const COUNT = 100;
const LATENCY_MS = 50;
const PARALLEL = 8;
const COMMAND = "npm run bench -- --only cli";

type Face = "dynamic" | "plugin";

/** A folder per program: the installed package, its own backend and PULUMI_HOME, one stack. */
interface Project {
  installed: InstalledProgram;
  cli: ReturnType<typeof cliIn>;
}

function nodeProgram(count: number): string {
  return [
    'const posthog = require("pulumi-posthog");',
    `for (let i = 0; i < ${count}; i++) {`,
    '  new posthog.Survey(`bench-${i}`, { name: `bench survey ${i}`, type: "popover",',
    '    questions: [{ type: "open", question: `Question ${i}?` }] });',
    "}",
    "",
  ].join("\n");
}

function yamlProgram(count: number): Record<string, unknown> {
  const resources: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    resources[`bench-${i}`] = {
      type: RESOURCE_TOKENS.Survey,
      properties: {
        name: `bench survey ${i}`,
        type: "popover",
        questions: [{ type: "open", question: `Question ${i}?` }],
      },
    };
  }
  return { name: "bench-plugin", runtime: "yaml", resources };
}

async function project(
  pulumi: string,
  face: Face,
  count: number,
  emulator: EmulatorProcess,
): Promise<Project> {
  const installed = packAndInstall();
  const cli = cliIn(pulumi, installed.dir);
  const file = path.join(installed.dir, "Pulumi.yaml");
  const ns = face === "dynamic" ? "posthog" : PACKAGE_NAME;
  if (face === "dynamic") {
    fs.writeFileSync(file, "name: bench-dynamic\nruntime: nodejs\nmain: index.js\n");
    fs.writeFileSync(path.join(installed.dir, "index.js"), nodeProgram(count));
  } else {
    fs.writeFileSync(file, YAML.stringify(yamlProgram(count)));
    await cli("package", "add", path.join(installed.dir, "node_modules", "pulumi-posthog", "plugin"));
  }
  await cli("stack", "init", "bench");
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
  return { installed, cli };
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

interface FaceFigures {
  up: number;
  upRequests: number;
  noop: number;
  noopRequests: number;
  cold: number;
  emptyCold: number;
}

async function measureFace(pulumi: string, face: Face, emulator: EmulatorProcess): Promise<FaceFigures> {
  const control = (method: string, route: string, body?: unknown) =>
    emulatorCall(emulator.url, emulator.apiKey, method, `/_emulator${route}`, body);
  const requests = async () =>
    ((await control("GET", "/requests")).body as { requests: LoggedRequest[] }).requests;

  // Cold start: preview of one survey, and of an empty program of the same runtime, no latency.
  await control("POST", "/latency", { ms: 0 });
  const one = await project(pulumi, face, 1, emulator);
  const empty = await project(pulumi, face, 0, emulator);
  let cold: number;
  let emptyCold: number;
  try {
    cold = await timed(() => one.cli("preview"));
    emptyCold = await timed(() => empty.cli("preview"));
  } finally {
    one.installed.cleanup();
    empty.installed.cleanup();
  }

  const many = await project(pulumi, face, COUNT, emulator);
  try {
    await control("POST", "/latency", { ms: LATENCY_MS });
    await control("DELETE", "/requests");
    const up = await timed(() => many.cli("up", "--yes", "--skip-preview", "--parallel", String(PARALLEL)));
    const upRequests = (await requests()).length;
    await control("DELETE", "/requests");
    const noop = await timed(() =>
      many.cli("preview", "--expect-no-changes", "--parallel", String(PARALLEL)),
    );
    const noopRequests = (await requests()).length;
    await control("POST", "/latency", { ms: 0 });
    await many.cli("destroy", "--yes", "--skip-preview");
    return { up, upRequests, noop, noopRequests, cold, emptyCold };
  } finally {
    many.installed.cleanup();
  }
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
  try {
    const figures = {
      dynamic: await measureFace(pulumi, "dynamic", emulator),
      plugin: await measureFace(pulumi, "plugin", emulator),
    };
    const label: Record<Face, string> = {
      dynamic: "dynamic face (nodejs program)",
      plugin: "plugin face (YAML program, posthog-iac plugin)",
    };
    const rows: Row[] = [];
    for (const face of ["dynamic", "plugin"] as const) {
      const f = figures[face];
      const floor = (f.upRequests * LATENCY_MS) / PARALLEL;
      rows.push({
        benchmark: `real CLI: pulumi up of ${COUNT} surveys, ${label[face]}, ${LATENCY_MS} ms latency, --parallel ${PARALLEL}`,
        figure: `${ms(f.up)} (${f.upRequests} requests)`,
        floor: `${ms(floor)} (requests x latency / parallelism)`,
        ratio: ratio(f.up, floor),
        command: COMMAND,
      });
      rows.push({
        benchmark: `real CLI: no-op pulumi preview of ${COUNT} surveys, ${label[face]}`,
        figure: `${ms(f.noop)}, ${f.noopRequests} requests`,
        // The one request a run makes: the check of the key and host (provider-kit/key-check.ts).
        floor: "1 request (the key and host check)",
        ratio: f.noopRequests <= 1 ? "1.00 (at most the check)" : `${f.noopRequests - 1} requests over`,
        command: COMMAND,
      });
      rows.push({
        benchmark: `real CLI: cold start, pulumi preview of 1 survey, ${label[face]}`,
        figure: ms(f.cold),
        floor: `${ms(f.emptyCold)} (pulumi preview of an empty program, same runtime)`,
        ratio: ratio(f.cold, f.emptyCold),
        command: COMMAND,
      });
    }
    rows.push({
      benchmark: `real CLI: pulumi up of ${COUNT} surveys, plugin face against dynamic face`,
      figure: ms(figures.plugin.up),
      floor: `${ms(figures.dynamic.up)} (dynamic face, same run)`,
      ratio: ratio(figures.plugin.up, figures.dynamic.up),
      command: COMMAND,
    });
    return rows;
  } finally {
    await emulator.close();
  }
}
