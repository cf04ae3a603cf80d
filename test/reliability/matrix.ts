// The fault matrix: for one resource type, every operation (create, read, update, delete) under every fault
// the emulator can inject. Each operation runs once with the fault aimed at its request; if it failed, it is
// run once more, as a person would re-run `pulumi up`. Either way the emulator must then hold exactly what
// was declared and the state must point at it. A failure must name the resource; a run that reports success
// must already be right (no silent success). The outcome of every cell is kept for the printed summary.
import type { Engine, RunResult } from "../support/engine";
import { ReliabilityStack, slug, startReliabilityStack } from "./helpers";
import type { Op, Subject, Target, Version } from "./subjects";

export interface FaultKind {
  name: string;
  /** Emulator fault fields (status, retryAfter, reset, commitThenDrop, latencyMs). */
  spec: Record<string, unknown>;
  /** Statuses that prove a POST was not applied are retried; others must surface rather than risk a duplicate. */
  provesNotApplied: boolean;
}

export const FAULTS: FaultKind[] = [
  { name: "429 + Retry-After", spec: { status: 429, retryAfter: 1 }, provesNotApplied: true },
  { name: "500", spec: { status: 500 }, provesNotApplied: false },
  { name: "502", spec: { status: 502 }, provesNotApplied: false },
  { name: "503", spec: { status: 503 }, provesNotApplied: true },
  // No answer at all: the provider cannot tell whether a POST took effect, so it looks, and never sends it again
  // (ownership/late-create.ts): a POST the reset kept from PostHog surfaces, and the re-run makes it.
  { name: "connection reset", spec: { reset: true }, provesNotApplied: false },
  { name: "commit, then drop", spec: { commitThenDrop: true }, provesNotApplied: true },
];

export type Outcome = "absorbed" | "surfaced, converged on re-run" | "FAILED";

export interface Cell {
  type: string;
  op: Op;
  fault: string;
  target: string;
  injected: number;
  outcome: Outcome;
}

const OPS: [Op, Version][] = [
  ["create", 1],
  ["read", 1],
  ["update", 2],
  ["delete", 0],
];

/** Must the operation fail visibly under this fault? Only a POST answered with a status that may follow a commit. */
export function mustSurface(target: Target, fault: FaultKind): boolean {
  return target.method === "POST" && !fault.provesNotApplied;
}

function run(engine: Engine, subject: Subject, s: string, op: Op, version: Version): Promise<RunResult> {
  if (op === "read") return engine.refresh();
  if (op === "delete") return engine.destroy();
  return engine.up(subject.program(s, version));
}

/** One lifecycle of one resource under one fault kind: four cells, appended to `cells` as they finish. */
export async function faultLifecycle(
  rs: ReliabilityStack,
  subject: Subject,
  fault: FaultKind,
  cells: Cell[],
): Promise<void> {
  const s = slug(fault.name);
  const engine = rs.newEngine();
  for (const [op, version] of OPS) {
    const target = subject.targets[op];
    const cell: Cell = {
      type: subject.type,
      op,
      fault: fault.name,
      target: target.what,
      injected: 0,
      outcome: "FAILED",
    };
    cells.push(cell);
    await rs.stack.clearRequests();
    await rs.stack.control("POST", "/faults", {
      faults: [{ method: target.method, path: target.path, times: 1, ...fault.spec }],
    });
    const first = await run(engine, subject, s, op, version);
    await rs.stack.control("DELETE", "/faults");
    const matcher = new RegExp(target.path);
    cell.injected = (await rs.stack.requests()).some(
      (r) => r.method === target.method && matcher.test(r.path),
    )
      ? 1
      : 0;
    expect(cell.injected).toBe(1); // the operation really sent the request the fault was aimed at

    if (first.errors.length === 0) {
      await subject.verify(rs, engine, s, version); // reported success: it must already be true
      expect(mustSurface(target, fault)).toBe(false);
      cell.outcome = "absorbed";
      continue;
    }
    for (const error of first.errors) {
      rs.remember(error.message);
      expect(error.urn.endsWith(`::${subject.resourceName(s)}`)).toBe(true);
      expect(error.message).toContain(subject.label(s));
      expect(error.message).toMatch(/PostHog API \w+ \S+ (failed|got no answer)/);
    }
    expect(mustSurface(target, fault)).toBe(true);
    const again = await run(engine, subject, s, op, version);
    expect(again.errors).toEqual([]);
    await subject.verify(rs, engine, s, version);
    cell.outcome = "surfaced, converged on re-run";
  }
}

/** The summary printed after a matrix file: one line per cell and the totals. */
export function summary(title: string, cells: Cell[]): string {
  const injected = cells.reduce((n, c) => n + c.injected, 0);
  const survived = cells.filter((c) => c.outcome !== "FAILED").length;
  const absorbed = cells.filter((c) => c.outcome === "absorbed").length;
  const lines = cells.map(
    (c) =>
      `  ${c.type.padEnd(11)} ${c.op.padEnd(6)} ${c.fault.padEnd(18)} ${c.target.padEnd(38)} ${c.outcome}`,
  );
  return [
    `${title}: ${injected} faults injected, ${survived} survived (${absorbed} absorbed by retry or recovery, ` +
      `${survived - absorbed} surfaced as an error naming the resource and converged on re-run), ` +
      `${cells.length - survived} failed`,
    ...lines,
  ].join("\n");
}

/**
 * The whole matrix for one resource type, as a jest suite. Each type calls it from its own file so the three
 * run in parallel.
 */
export function describeFaultMatrix(typeName: string, subject: Subject): void {
  let rs: ReliabilityStack;
  const cells: Cell[] = [];
  beforeAll(async () => {
    // Every read lists afresh, so each read really meets its fault.
    rs = await startReliabilityStack({ env: { POSTHOG_LIST_CACHE_TTL_MS: "0" } });
  });
  afterEach(() => rs.expectNoKeyLeaked());
  afterAll(async () => {
    console.log(summary(`${typeName} fault matrix`, cells));
    await rs?.close();
  });

  describe(`${typeName} under injected faults`, () => {
    it.each(FAULTS.map((f) => [f.name, f] as const))(
      "%s: create, read, update and delete converge",
      async (_name, fault) => {
        await faultLifecycle(rs, subject, fault, cells);
      },
    );
  });
}
