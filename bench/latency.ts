// Benchmark 3: wall time to create 200 surveys with 50 ms of injected latency at parallelism 8, with the
// package's default settings against the same run with every client-side limit off, and against the floor
// N x latency / parallelism.
import { surveys } from "./programs";
import {
  expectClean,
  fastestOf,
  LATENCY_MS,
  networkFloor,
  Pace,
  PARALLELISM,
  ROUNDS,
  withStack,
} from "./stacks";
import { ms, ratio, Row } from "./table";

const COUNT = 200;
const COMMAND = "npm run bench -- --only latency";

async function timedCreate(pace: Pace, latencyMs: number): Promise<number> {
  return withStack(
    pace,
    async ({ stack, newEngine }) => {
      await stack.control("POST", "/latency", { ms: latencyMs });
      const engine = newEngine();
      const started = performance.now();
      expectClean(`create ${COUNT} surveys (${pace} settings)`, await engine.up(surveys(COUNT)));
      return performance.now() - started;
    },
    PARALLELISM,
  );
}

export async function latencyRows(): Promise<Row[]> {
  const floor = networkFloor(COUNT);
  const { byDefault, unpaced, overhead } = await fastestOf(ROUNDS, {
    byDefault: () => timedCreate("default", LATENCY_MS),
    unpaced: () => timedCreate("off", LATENCY_MS),
    // What the harness itself costs (engine simulation, gRPC, emulator on the same cores), with no latency.
    overhead: () => timedCreate("off", 0),
  });
  const what = `create ${COUNT} surveys, ${LATENCY_MS} ms latency, parallelism ${PARALLELISM}, fastest of ${ROUNDS}`;
  return [
    {
      benchmark: `${what}, default settings (rate windows 480/min + 4800/h)`,
      figure: ms(byDefault),
      floor: `${ms(unpaced)} (same, all client pacing off, same run); N x latency / parallelism: ${ms(floor)}`,
      ratio: `${ratio(byDefault, unpaced)} (${ratio(byDefault, floor)} of N x latency / parallelism)`,
      command: COMMAND,
    },
    {
      benchmark: `${what}, all client pacing off`,
      figure: ms(unpaced),
      floor: `${ms(floor)} (N x latency / parallelism); harness alone, no latency: ${ms(overhead)}`,
      ratio: `${ratio(unpaced, floor)} (${ratio(unpaced, floor + overhead)} of floor + harness)`,
      command: COMMAND,
    },
  ];
}
