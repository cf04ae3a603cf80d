// `npm run demo`: runs examples/quickstart against a local PostHog emulator through
// preview -> up -> edit -> preview -> up -> refresh -> destroy, printing each step as a plan and a summary.
// With a `pulumi` binary on PATH (and the quickstart's dependencies installed) it uses the real CLI;
// otherwise the Pulumi SDK and the real provider plugin, driven by the simulated engine (test/support).
import fs from "node:fs";
import path from "node:path";
import { startEmulator, type EmulatorHandle } from "posthog-emulator";
import type { RunResult, StepOp } from "../../test/support/engine";
import { emulatorCall } from "../../test/support/fresh-connection";
import { pulumiOnPath } from "../../test/support/pulumi-cli";
import { runWithCli } from "./cli";
import { startHarnessEngine, type DemoEngine } from "./harness";
import { planLines, planSummary } from "./plan";
import { findRepoRoot } from "./repo";

const PROJECT = "posthog-quickstart"; // examples/quickstart/Pulumi.yaml: scopes its `new pulumi.Config()`
const TIME_LIMIT_MS = 60_000;

/** The edit: `pulumi config set` of two values the quickstart reads. */
const EDIT = { surveyDescription: "Three quick questions, one minute.", inviteLevel: "admin" };

type Log = (line?: string) => void;

interface Request {
  seq: number;
  method: string;
  path: string;
}

/** The emulator's own request log (the test controls themselves are not in it). */
class RequestLog {
  private seen = 0;
  total = 0;
  constructor(private readonly emulator: EmulatorHandle) {}

  async control<T>(method: string, route: string, body?: unknown): Promise<T> {
    // A new connection each time: between steps the demo can sit idle past the emulator's keep-alive timeout.
    const res = await emulatorCall(this.emulator.url, this.emulator.apiKey, method, route, body);
    if (res.status >= 400) throw new Error(`${method} ${route} failed: ${res.status}`);
    return res.body as T;
  }

  /** Requests since the last call, e.g. `3 HTTP requests (GET 1, POST 2)`. */
  async since(): Promise<string> {
    const { requests } = await this.control<{ requests: Request[] }>("GET", "/_emulator/requests");
    const fresh = requests.filter((r) => r.seq > this.seen);
    this.seen = Math.max(this.seen, ...requests.map((r) => r.seq));
    this.total += fresh.length;
    const byMethod = new Map<string, number>();
    for (const r of fresh) byMethod.set(r.method, (byMethod.get(r.method) ?? 0) + 1);
    // By method name: the engine runs independent steps at once, so the order they reach PostHog varies.
    const detail = [...byMethod]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([m, n]) => `${m} ${n}`)
      .join(", ");
    return `${fresh.length} HTTP request${fresh.length === 1 ? "" : "s"}${detail ? ` (${detail})` : ""}`;
  }

  /** Skips requests made outside Pulumi (the "UI" edit) so they are not counted as the demo's. */
  async skip(): Promise<void> {
    const { requests } = await this.control<{ requests: Request[] }>("GET", "/_emulator/requests");
    this.seen = Math.max(this.seen, ...requests.map((r) => r.seq));
  }
}

/** Someone changes the survey description in the PostHog UI: refresh shows it as drift. */
async function editInTheUi(log: RequestLog, emulator: EmulatorHandle): Promise<void> {
  const surveys = `/api/projects/${emulator.projectId}/surveys/`;
  const { results } = await log.control<{ results: { id: string }[] }>("GET", surveys);
  for (const survey of results) {
    await log.control("PATCH", `${surveys}${survey.id}/`, { description: "Edited in the PostHog UI" });
  }
  await log.skip();
}

function outputLines(outputs: Record<string, unknown>): string[] {
  const entries = Object.entries(outputs);
  const width = Math.max(0, ...entries.map(([k]) => k.length));
  return entries.map(([k, v]) => `${k.padEnd(width)}  ${typeof v === "string" ? v : JSON.stringify(v)}`);
}

class Tally {
  readonly counts: Partial<Record<StepOp, number>> = {};
  add(result: RunResult): void {
    for (const s of result.steps) this.counts[s.op] = (this.counts[s.op] ?? 0) + 1;
  }
  text(): string {
    const order: [StepOp, string][] = [
      ["create", "created"],
      ["update", "updated"],
      ["replace", "replaced"],
      ["delete", "deleted"],
    ];
    return order.map(([op, word]) => `${this.counts[op] ?? 0} ${word}`).join(", ");
  }
}

async function runWithHarness(root: string, emulator: EmulatorHandle, log: Log): Promise<string> {
  const requests = new RequestLog(emulator);
  const tally = new Tally();
  const base: Record<string, string> = {
    "posthog:host": emulator.url,
    "posthog:apiKey": emulator.apiKey,
    "posthog:projectId": String(emulator.projectId),
    "posthog:organizationId": emulator.organizationId,
  };
  const edited = {
    ...base,
    ...Object.fromEntries(Object.entries(EDIT).map(([k, v]) => [`${PROJECT}:${k}`, v])),
  };
  const engine: DemoEngine = await startHarnessEngine(root, PROJECT, "demo");
  let n = 0;
  const show = async (title: string, result: RunResult, kind: "plan" | "apply") => {
    log(`${++n}. ${title}`);
    for (const line of planLines(result.steps)) log(`   ${line}`);
    for (const line of engine.warnings()) log(`   ${line}`);
    if (result.errors.length > 0) {
      for (const e of result.errors) log(`   error: ${e.message}`);
      throw new Error(`${title} failed`);
    }
    const outputs = kind === "apply" ? outputLines(result.outputs) : [];
    if (outputs.length > 0) log("   outputs:");
    for (const line of outputs) log(`     ${line}`);
    if (kind === "apply") tally.add(result);
    log(`   ${kind === "plan" ? `plan: ${planSummary(result.steps)}` : "done"} · ${await requests.since()}`);
    log();
  };
  try {
    await show("pulumi preview", await engine.preview(base), "plan");
    await show("pulumi up", await engine.up(base), "apply");
    const sets = Object.entries(EDIT).map(([k, v]) => `pulumi config set ${k} ${JSON.stringify(v)}`);
    for (const line of sets) log(`edit: ${line}`);
    await show("pulumi preview", await engine.preview(edited), "plan");
    await show("pulumi up", await engine.up(edited), "apply");
    log("edit outside Pulumi: someone changes the survey description in the PostHog UI");
    await editInTheUi(requests, emulator);
    await show("pulumi refresh", await engine.refresh(edited), "apply");
    await show("pulumi destroy", await engine.destroy(edited), "apply");
  } finally {
    await engine.close();
  }
  return `${tally.text()} · ${requests.total} HTTP requests to the emulator`;
}

function parseEngine(argv: string[]): "auto" | "cli" | "harness" {
  const flag = argv.find((a) => a.startsWith("--engine="));
  const value = flag ? flag.slice("--engine=".length) : "auto";
  if (value !== "auto" && value !== "cli" && value !== "harness")
    throw new Error("--engine must be auto, cli or harness");
  return value;
}

export async function main(argv: string[], log: Log = (line = "") => console.log(line)): Promise<number> {
  const started = Date.now();
  const root = findRepoRoot();
  const programDir = path.join(root, "examples/quickstart");
  const choice = parseEngine(argv);
  const pulumi = choice === "harness" ? undefined : pulumiOnPath();
  if (choice === "cli" && !pulumi) throw new Error("--engine=cli needs a pulumi binary on PATH");
  const installed = fs.existsSync(path.join(programDir, "node_modules/pulumi-posthog"));
  const cli = pulumi !== undefined && (installed || choice === "cli") ? pulumi : undefined;

  const emulator = await startEmulator({ port: 0 });
  log("pulumi-posthog demo: examples/quickstart against a local PostHog emulator");
  log(
    `   emulator  ${emulator.url}  (project ${emulator.projectId}, organization ${emulator.organizationId})`,
  );
  if (cli) {
    log(`   engine    the pulumi CLI (${cli}), local file backend in a temporary folder`);
  } else {
    const why = pulumi
      ? "pulumi is on PATH but examples/quickstart has no node_modules (npm install --prefix examples/quickstart)"
      : choice === "harness"
        ? "--engine=harness"
        : "no pulumi CLI on PATH";
    log(`   engine    the Pulumi SDK + the real provider plugin, driven by the simulated engine (${why})`);
  }
  log();
  try {
    let summary: string;
    if (cli) {
      const requests = new RequestLog(emulator);
      const outside = () => editInTheUi(requests, emulator);
      await runWithCli(cli, programDir, emulator, { config: EDIT, outside }, log);
      summary = "see the pulumi output above";
    } else {
      summary = await runWithHarness(root, emulator, log);
    }
    log(`summary: ${summary} · ${((Date.now() - started) / 1000).toFixed(1)}s`);
    return 0;
  } catch (error) {
    log(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await emulator.close();
  }
}

if (require.main === module) {
  const timer = setTimeout(() => {
    console.error(`demo: did not finish within ${TIME_LIMIT_MS / 1000}s`);
    process.exit(1);
  }, TIME_LIMIT_MS);
  timer.unref();
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`demo failed: ${error instanceof Error ? error.stack : String(error)}`);
      process.exit(1);
    },
  );
}
