// Renders steps roughly as `pulumi preview` lists them, for readable test failures
// and for asserting what a user would see.
import { Step, StepOp } from "./engine";

/** The symbol `pulumi preview` shows for each operation. */
export const SYMBOL: Record<StepOp, string> = {
  create: "+",
  update: "~",
  replace: "+-",
  delete: "-",
  same: " ",
  refresh: "~",
  read: ">",
  import: "=",
};

/** One line per step: `~ update  <type>  <name>  [diff: ~a,~b] [replace: a]`. */
export function formatSteps(steps: Step[]): string {
  return steps.map(formatStep).join("\n");
}

export function formatStep(s: Step): string {
  const parts = [`${SYMBOL[s.op].padEnd(2)} ${s.op.padEnd(7)}`, s.type, s.name];
  if (s.op !== "same" && s.changedKeys.length > 0)
    parts.push(`[diff: ${s.changedKeys.map((k) => `~${k}`).join(",")}]`);
  if (s.replaceKeys.length > 0) parts.push(`[replace: ${s.replaceKeys.join(",")}]`);
  for (const f of s.checkFailures) parts.push(`[check: ${f.property}: ${f.reason}]`);
  return parts.join("  ");
}

/** Counts per operation, e.g. `{create: 2, same: 1}` (operations with no steps are left out). */
export function countSteps(steps: Step[]): Partial<Record<StepOp, number>> {
  const counts: Partial<Record<StepOp, number>> = {};
  for (const s of steps) counts[s.op] = (counts[s.op] ?? 0) + 1;
  return counts;
}
