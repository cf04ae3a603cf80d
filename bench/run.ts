// `npm run bench`: runs every benchmark, prints one markdown table plus the machine, and records the table in
// docs/contributing/performance.md between the bench markers (or bench/RESULTS.md while that page has none).
// `npm run bench -- --only requests,latency` runs a subset and records nothing.
import fs from "node:fs";
import path from "node:path";
import { cliRows } from "./cli";
import { coldStartRows } from "./cold-start";
import { destroyRows } from "./destroy";
import { hourRows } from "./hour";
import { latencyRows } from "./latency";
import { memoryRows } from "./memory";
import { installAndRegister, InstalledProviders, providerSizeRows } from "./provider-size";
import { rateLimitRows } from "./rate-limit";
import { REPO_ROOT } from "../test/support/self-link";
import { requestRows } from "./requests";
import { machine, markdownTable, Row } from "./table";
import { throughputRows } from "./throughput";

type Bench = (installed: () => InstalledProviders) => Promise<Row[]>;

const BENCHMARKS: Record<string, Bench> = {
  "provider-size": (installed) => providerSizeRows(installed()),
  requests: () => requestRows(),
  latency: () => latencyRows(),
  "rate-limit": () => rateLimitRows(),
  hour: () => hourRows(),
  destroy: () => destroyRows(),
  "cold-start": (installed) => coldStartRows(installed()),
  memory: () => memoryRows(),
  throughput: () => throughputRows(),
  // The real Pulumi CLI (`npm run toolchain`); one "skipped" row without it.
  cli: () => cliRows(),
};

/** What the figures mean, under the table. */
const NOTES = [
  "Notes:",
  "- Floors: a no-op sends at most 1 request a run (the check of the key and host), 1 per changed resource,",
  "  ceil(N/100) for whatever a 100-per-page listing can answer;",
  "  N x latency / parallelism for wall time; (ceil(N/limit) - 1) windows under a rate limit.",
  "- Client-side scheduling mirrors PostHog's per-key windows (480 a minute, 4800 an hour): a request goes at once",
  "  while both have room and otherwise waits until the oldest entry leaves, so runs under 480 requests are",
  "  bound by latency / parallelism plus the harness itself (the program under the SDK and the simulated engine in",
  "  one process, the gRPC plugin in another, the emulator in a third, all on the machine's cores). A wait that",
  "  cannot fit a request's deadline fails at once.",
  "- The rate-limit row's clock starts with `up`: the program's 600 registrations (about 5 ms of SDK work per",
  '  Survey) come before the first request, so the run cannot reach the window floor exactly; "reachable" is the',
  "  floor counted from the 120th create.",
  "- A lone survey read is one GET; overlapping reads (a refresh) share one project listing, as Invite reads share",
  "  one organization listing (invites have no GET by id).",
  "- __provider is stored in each resource's inputs and outputs, so state holds it twice per resource.",
  "- Real CLI rows: each step of ours against a do-nothing provider launched the same way (bench/fixtures), in",
  "  the same run, interleaved; CPU is user + sys of the CLI's whole process tree (bash `times`), the emulator",
  "  apart and answering at once. On a loaded machine read the CPU ratios: wall time measures the neighbours.",
].join("\n");

const START = "<!-- bench:start -->";
const END = "<!-- bench:end -->";
/** The page the table is written to, between START and END. */
const RESULTS_PAGE = "docs/contributing/performance.md";

function selected(argv: string[]): string[] {
  const at = argv.indexOf("--only");
  if (at < 0) return Object.keys(BENCHMARKS);
  const names = (argv[at + 1] ?? "").split(",").filter(Boolean);
  const unknown = names.filter((n) => !(n in BENCHMARKS));
  if (names.length === 0 || unknown.length > 0) {
    throw new Error(`--only takes a comma-separated list of: ${Object.keys(BENCHMARKS).join(", ")}`);
  }
  return names;
}

/** Replaces what is strictly between the markers; returns where the table went. */
function record(block: string): string {
  const page = path.join(REPO_ROOT, RESULTS_PAGE);
  const text = fs.existsSync(page) ? fs.readFileSync(page, "utf8") : "";
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start >= 0 && end > start) {
    fs.writeFileSync(page, `${text.slice(0, start + START.length)}\n${block}\n${text.slice(end)}`);
    return RESULTS_PAGE;
  }
  fs.writeFileSync(path.join(REPO_ROOT, "bench/RESULTS.md"), `# Benchmark results\n\n${block}\n`);
  return `bench/RESULTS.md (${RESULTS_PAGE} has no bench markers yet)`;
}

async function main(): Promise<void> {
  const names = selected(process.argv.slice(2));
  let installed: InstalledProviders | undefined;
  const install = () => (installed ??= installAndRegister());
  const rows: Row[] = [];
  const started = performance.now();
  try {
    for (const name of names) {
      const t = performance.now();
      process.stderr.write(`bench: ${name}...`);
      rows.push(...(await BENCHMARKS[name](install)));
      process.stderr.write(` ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
    }
  } finally {
    installed?.installed.cleanup();
  }
  const total = ((performance.now() - started) / 1000).toFixed(0);
  const all = names.length === Object.keys(BENCHMARKS).length;
  const command = all ? "npm run bench" : `npm run bench -- --only ${names.join(",")}`;
  const block = [
    `Machine: ${machine()}. Command: \`${command}\` (${all ? "all benchmarks" : "these benchmarks"} took ${total} s).`,
    "",
    markdownTable(rows),
    "",
    NOTES,
  ].join("\n");
  process.stdout.write(`${block}\n`);
  if (all) process.stderr.write(`bench: table written to ${record(block)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `\nbench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
