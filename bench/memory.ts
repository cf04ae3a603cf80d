// Benchmark 6: peak resident memory (VmHWM) of the provider plugin process while reconciling 1,000 surveys
// (create, then a no-op up), against the same process after reconciling one.
import fs from "node:fs";
import { surveys } from "./programs";
import { expectClean, withStack } from "./stacks";
import { ratio, Row } from "./table";

const COUNT = 1000;
const COMMAND = "npm run bench -- --only memory";

/** Peak resident set size of a process, in MB (Linux only). */
export function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return Number(kb) / 1024;
}

export async function memoryRows(): Promise<Row[]> {
  if (process.platform !== "linux") {
    return [
      {
        benchmark: "plugin peak memory",
        figure: "not measured (needs /proc)",
        floor: "-",
        ratio: "-",
        command: COMMAND,
      },
    ];
  }
  return withStack("off", async ({ stack, newEngine }) => {
    const pid = stack.server.pid;
    expectClean("one survey", await newEngine().up(surveys(1, "one")));
    const baseline = peakRssMb(pid);
    const engine = newEngine();
    expectClean(`create ${COUNT} surveys`, await engine.up(surveys(COUNT, "mem")));
    expectClean(`no-op up of ${COUNT} surveys`, await engine.up(surveys(COUNT, "mem")));
    const peak = peakRssMb(pid);
    return [
      {
        benchmark: `plugin peak memory (VmHWM) reconciling ${COUNT} surveys (create + no-op up)`,
        figure: `${peak.toFixed(0)} MB`,
        floor: `${baseline.toFixed(0)} MB (same plugin after reconciling 1 survey)`,
        ratio: ratio(peak, baseline),
        command: COMMAND,
      },
    ];
  });
}
