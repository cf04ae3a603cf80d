// Benchmark 7: destroying 100 surveys at 50 ms latency and parallelism 8 with the default settings, against
// the network floor N x latency / parallelism, the same destroy with all client pacing off, and the harness
// alone (no latency).
import { surveys } from "./programs";
import { expectClean, Pace, withStack } from "./stacks";
import { ms, ratio, Row } from "./table";

const COUNT = 100;
const LATENCY_MS = 50;
const PARALLELISM = 8;
const COMMAND = "npm run bench -- --only destroy";

async function timedDestroy(pace: Pace, latencyMs: number): Promise<number> {
  return withStack(
    pace,
    async ({ stack, newEngine }) => {
      const engine = newEngine();
      expectClean(`create ${COUNT} surveys`, await engine.up(surveys(COUNT)));
      await stack.control("POST", "/latency", { ms: latencyMs });
      const started = performance.now();
      expectClean(`destroy ${COUNT} surveys (${pace} settings)`, await engine.destroy());
      return performance.now() - started;
    },
    PARALLELISM,
  );
}

export async function destroyRows(): Promise<Row[]> {
  const floor = (COUNT * LATENCY_MS) / PARALLELISM;
  const byDefault = await timedDestroy("default", LATENCY_MS);
  const unpaced = await timedDestroy("off", LATENCY_MS);
  const overhead = await timedDestroy("off", 0);
  return [
    {
      benchmark: `destroy ${COUNT} surveys, ${LATENCY_MS} ms latency, parallelism ${PARALLELISM}, default settings`,
      figure: ms(byDefault),
      floor: `${ms(floor)} (N x latency / parallelism); all pacing off: ${ms(unpaced)}; harness alone, no latency: ${ms(overhead)}`,
      ratio: `${ratio(byDefault, floor)} (${ratio(byDefault, unpaced)} of pacing off; ${ratio(byDefault, floor + overhead)} of floor + harness)`,
      command: COMMAND,
    },
  ];
}
