// The emulator engineer's throughput benchmark (bench/emulator-throughput.js, plain JS), as table rows.
import path from "node:path";
import { REPO_ROOT } from "../test/support/self-link";
import { Row } from "./table";

interface Throughput {
  runEmulatorThroughput(opts?: {
    requests?: number;
    concurrency?: number;
  }): Promise<{ getPerSec: number; postPerSec: number }>;
}

const COMMAND = "node bench/emulator-throughput.js";

export async function throughputRows(): Promise<Row[]> {
  // Not compiled by tsconfig.tools.json: load it from the source tree, where it finds dist/.
  const bench = require(path.join(REPO_ROOT, "bench/emulator-throughput.js")) as Throughput;
  const { getPerSec, postPerSec } = await bench.runEmulatorThroughput();
  const row = (what: string, perSec: number): Row => ({
    benchmark: `emulator ${what} throughput (2000 requests, 16 concurrent, loopback)`,
    figure: `${perSec.toFixed(0)} requests/s`,
    floor: "-",
    ratio: "-",
    command: COMMAND,
  });
  return [row("GET", getPerSec), row("POST", postPerSec)];
}
