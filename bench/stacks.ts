// Stacks for the benchmarks: the test harness's emulator + real plugin + engine, with the pace chosen per run.
// Each configuration gets its own plugin process: the pace is process-wide, so runs must not share one.
import { Engine } from "../test/support/engine";
import { startStack, TestStack } from "../test/support/stack";

export type Pace = "default" | "off";

export interface BenchStack {
  stack: TestStack;
  /** An engine with fresh (empty) state, configured for this stack's pace. */
  newEngine(): Engine;
}

/** The network the latency and destroy benchmarks simulate: 50 ms per request, 8 resources at a time. */
export const LATENCY_MS = 50;
export const PARALLELISM = 8;
/** Rounds of each configuration, alternating, keeping the fastest (see `fastestOf`). */
export const ROUNDS = 2;

/** The least time `count` requests can take at that latency and parallelism. */
export const networkFloor = (count: number) => (count * LATENCY_MS) / PARALLELISM;

/** All client-side pacing off: no extra cap, no rate windows. */
export const PACING_OFF = { "posthog:requestsPerSecond": "0", "posthog:rateWindows": "off" };

/**
 * `default`: the package's defaults, as a user has them (PostHog Cloud's rate windows, no extra cap);
 * `off`: every client-side limit off (`PACING_OFF`).
 */
export async function benchStack(pace: Pace, parallelism = 8): Promise<BenchStack> {
  // The harness turns pacing off for tests; drop that to get the defaults, and keep the environment out.
  delete process.env.POSTHOG_REQUESTS_PER_SECOND;
  delete process.env.POSTHOG_RATE_WINDOWS;
  const stack = await startStack({ parallelism, emulatorProcess: true });
  const {
    ["posthog:requestsPerSecond"]: _harnessCap,
    ["posthog:rateWindows"]: _harnessWindows,
    ...config
  } = stack.config;
  const paced = pace === "off" ? { ...config, ...PACING_OFF } : config;
  return { stack, newEngine: () => stack.newEngine({ config: paced }) };
}

/** Runs `fn` with a stack and always closes it. */
export async function withStack<T>(
  pace: Pace,
  fn: (s: BenchStack) => Promise<T>,
  parallelism = 8,
): Promise<T> {
  const s = await benchStack(pace, parallelism);
  try {
    return await fn(s);
  } finally {
    await s.stack.close();
  }
}

export interface RunOutcome {
  errors: { urn: string; message: string }[];
}

/** Fails the benchmark (rather than silently reporting a number) when a run had errors. */
export function expectClean<T extends RunOutcome>(what: string, result: T): T {
  if (result.errors.length > 0) {
    throw new Error(`${what}: ${result.errors.length} error(s), first: ${result.errors[0].message}`);
  }
  return result;
}

/**
 * Runs each configuration `rounds` times, alternating, and keeps each one's fastest time: on a machine shared
 * with other work the slow runs measure the neighbours, not the code.
 */
export async function fastestOf<K extends string>(
  rounds: number,
  runs: Record<K, () => Promise<number>>,
): Promise<Record<K, number>> {
  const best = {} as Record<K, number>;
  for (let round = 0; round < rounds; round++) {
    for (const key of Object.keys(runs) as K[]) {
      const took = await runs[key]();
      best[key] = Math.min(best[key] ?? Infinity, took);
    }
  }
  return best;
}
