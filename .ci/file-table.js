#!/usr/bin/env node
// CI's time table, in markdown (docs/contributing/ci.md): per stage its wall time (from `.ci/run`'s stage lines, given
// as `name=seconds` arguments), the CPU time and counts summed over its test files, then the ten slowest test files
// of all stages. Reads what the jest reporter (test/setup/file-stats-reporter.js) wrote to .tmp/file-stats/.
// Run alone after any jest stage: `node .ci/file-table.js` (the stages' wall time is then the sum of their files').
const fs = require("node:fs");
const path = require("node:path");

const dir = path.join(__dirname, "..", ".tmp", "file-stats");
const STAGES = ["test", "compat", "cli", "registry", "slow"];
/** `.ci/run` names the `test` stage by its command. */
const JEST_STAGE = { "npm test": "test" };
const COUNTS = [
  ["cli", "CLI commands"],
  ["maven", "Maven runs"],
  ["go build", "Go builds"],
  ["emulator", "emulators"],
  ["processes", "processes"],
];

const wall = new Map(
  process.argv.slice(2).map((arg) => {
    const at = arg.lastIndexOf("=");
    return [arg.slice(0, at), Number(arg.slice(at + 1))];
  }),
);
const files = [];
for (const stage of STAGES) {
  try {
    files.push(...JSON.parse(fs.readFileSync(path.join(dir, `${stage}.json`), "utf8")));
  } catch {
    // a stage that did not run
  }
}

const sum = (list, pick) => list.reduce((total, f) => total + pick(f), 0);
const seconds = (s) => String(Math.round(s));
const row = (cells) => `| ${cells.join(" | ")} |`;
const header = (cells) => [row(cells), row(cells.map((c, i) => (i === 0 ? "---" : "---:")))];

const lines = [
  ...header(["stage", "wall s", "file wall s", "file CPU s", "files", ...COUNTS.map(([, t]) => t)]),
];
for (const [name, took] of wall.size > 0 ? wall : new Map(STAGES.map((s) => [s, undefined]))) {
  const of = files.filter((f) => f.stage === (JEST_STAGE[name] ?? name));
  if (of.length === 0 && took === undefined) continue;
  // A stage without test files (npm ci, the toolchain, typecheck, lint) has its wall time only.
  const measured =
    of.length === 0
      ? ["", "", "", ...COUNTS.map(() => "")]
      : [
          seconds(sum(of, (f) => f.wallS)),
          seconds(sum(of, (f) => f.cpuS)),
          String(of.length),
          ...COUNTS.map(([k]) => String(sum(of, (f) => f.counts[k] ?? 0))),
        ];
  lines.push(row([name, took === undefined ? "" : seconds(took), ...measured]));
}
if (wall.size > 0)
  lines.push(row(["total", seconds(sum([...wall.values()], (s) => s)), "", "", "", ...COUNTS.map(() => "")]));
lines.push(
  "",
  ...header(["slowest files", "stage", "wall s", "CPU s", "tests", ...COUNTS.map(([, t]) => t)]),
);
for (const f of [...files].sort((a, b) => b.wallS - a.wallS).slice(0, 10))
  lines.push(
    row([
      `\`${f.file}\``,
      f.stage,
      seconds(f.wallS),
      seconds(f.cpuS),
      String(f.tests),
      ...COUNTS.map(([k]) => String(f.counts[k] ?? 0)),
    ]),
  );
console.log(lines.join("\n"));
