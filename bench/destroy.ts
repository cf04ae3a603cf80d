// Benchmark 7: destroying 100 surveys at 50 ms latency with the default settings, against the network floor
// N x latency / parallelism, the same deletes with all client pacing off, and the harness alone (no latency).
// The deletes go to the plugin's Delete 8 at a time, as the Pulumi engine deletes independent resources (the
// test harness's own `destroy` goes one by one).
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

const COUNT = 100;
const COMMAND = "npm run bench -- --only destroy";

async function timedDestroy(pace: Pace, latencyMs: number): Promise<number> {
  return withStack(pace, async ({ stack, newEngine }) => {
    const engine = newEngine();
    expectClean(`create ${COUNT} surveys`, await engine.up(surveys(COUNT)));
    await stack.control("POST", "/latency", { ms: latencyMs });
    const resources = engine.state();
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < resources.length) {
        const r = resources[next++];
        await stack.server.delete(r.id, r.urn, r.outputs, r.inputs);
      }
    };
    await Promise.all(Array.from({ length: PARALLELISM }, worker));
    const took = performance.now() - started;
    const deleted = (await stack.requests()).filter((r) => r.method === "DELETE" && r.status === 204).length;
    if (deleted !== COUNT) throw new Error(`destroy (${pace} settings): ${deleted} of ${COUNT} deleted`);
    return took;
  });
}

export async function destroyRows(): Promise<Row[]> {
  const floor = networkFloor(COUNT);
  const { byDefault, unpaced, overhead } = await fastestOf(ROUNDS, {
    byDefault: () => timedDestroy("default", LATENCY_MS),
    unpaced: () => timedDestroy("off", LATENCY_MS),
    overhead: () => timedDestroy("off", 0),
  });
  return [
    {
      benchmark: `destroy ${COUNT} surveys (plugin Delete, ${PARALLELISM} at a time), ${LATENCY_MS} ms latency, default settings, fastest of ${ROUNDS}`,
      figure: ms(byDefault),
      floor: `${ms(floor)} (N x latency / parallelism); all pacing off: ${ms(unpaced)}; harness alone, no latency: ${ms(overhead)}`,
      ratio: `${ratio(byDefault, floor)} (${ratio(byDefault, unpaced)} of pacing off; ${ratio(byDefault, floor + overhead)} of floor + harness)`,
      command: COMMAND,
    },
  ];
}
