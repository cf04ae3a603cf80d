// Benchmark 3: wall time to create 200 surveys with 50 ms of injected latency at parallelism 8, against the
// floor N x latency / parallelism, with the plugin's default pace (8 req/s) and with pacing off.
import { surveys } from "./programs";
import { expectClean, Pace, withStack } from "./stacks";
import { ms, ratio, Row } from "./table";

const COUNT = 200;
const LATENCY_MS = 50;
const PARALLELISM = 8;
const COMMAND = "npm run bench -- --only latency";

async function timedCreate(pace: Pace, latencyMs: number): Promise<number> {
  return withStack(
    pace,
    async ({ stack, newEngine }) => {
      await stack.control("POST", "/latency", { ms: latencyMs });
      const engine = newEngine();
      const started = performance.now();
      expectClean(`create ${COUNT} surveys (${pace} pace)`, await engine.up(surveys(COUNT)));
      return performance.now() - started;
    },
    PARALLELISM,
  );
}

export async function latencyRows(): Promise<Row[]> {
  const floor = (COUNT * LATENCY_MS) / PARALLELISM;
  const paceFloor = (COUNT - 1) * (1000 / 8);
  const paced = await timedCreate("default", LATENCY_MS);
  const unpaced = await timedCreate("off", LATENCY_MS);
  // What the harness itself costs (engine simulation, gRPC, mocks on the same cores), with no latency at all.
  const overhead = await timedCreate("off", 0);
  const what = `create ${COUNT} surveys, ${LATENCY_MS} ms latency, parallelism ${PARALLELISM}`;
  return [
    {
      benchmark: `${what}, default pace (8 req/s)`,
      figure: ms(paced),
      floor: `${ms(floor)} (N x latency / parallelism); the pace alone: ${ms(paceFloor)}`,
      ratio: `${ratio(paced, floor)} (${ratio(paced, paceFloor)} of the pace floor)`,
      command: COMMAND,
    },
    {
      benchmark: `${what}, pacing off (posthog:requestsPerSecond 0)`,
      figure: ms(unpaced),
      floor: `${ms(floor)} (N x latency / parallelism); harness alone, no latency: ${ms(overhead)}`,
      ratio: `${ratio(unpaced, floor)} (${ratio(unpaced, floor + overhead)} of floor + harness)`,
      command: COMMAND,
    },
  ];
}
