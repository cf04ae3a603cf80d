// Renders engine steps the way `pulumi preview` lists them: one line per resource, a symbol per operation,
// the changed fields in brackets, and the resource id once there is one.
import { SYMBOL } from "../../test/support/diff-display";
import type { Step, StepOp } from "../../test/support/engine";

/** `pulumi-nodejs:dynamic/posthog:Survey` -> `posthog:Survey`. */
export function shortType(type: string): string {
  return type.replace(/^pulumi-nodejs:dynamic\//, "");
}

/** Stable order for display: steps finish in any order. */
function ordered(steps: Step[]): Step[] {
  return [...steps].sort(
    (a, b) => shortType(a.type).localeCompare(shortType(b.type)) || a.name.localeCompare(b.name),
  );
}

function fields(step: Step): string {
  if (step.op === "replace") return `[${step.replaceKeys.join(", ")}]`;
  if (step.op === "update" || step.op === "refresh")
    return step.changedKeys.length ? `[${step.changedKeys.join(", ")}]` : "";
  return "";
}

/** One line per step, columns aligned: `~ update   posthog:Survey  welcome-survey  [description]  id=…`. */
export function planLines(steps: Step[]): string[] {
  const rows = ordered(steps).map((step) => {
    const op = step.op === "refresh" && step.changedKeys.length === 0 ? "in sync" : step.op;
    const symbol = step.op === "refresh" && step.changedKeys.length === 0 ? "=" : SYMBOL[step.op];
    return [
      `${symbol.padEnd(2)} ${op}`,
      shortType(step.type),
      step.name,
      fields(step),
      step.id ? `id=${step.id}` : "",
    ];
  });
  const widths = [0, 1, 2, 3].map((i) => Math.max(0, ...rows.map((r) => r[i].length)));
  return rows.map((r) =>
    r
      .map((cell, i) => (i < 4 ? cell.padEnd(widths[i]) : cell))
      .join("  ")
      .trimEnd(),
  );
}

const VERBS: [StepOp, string][] = [
  ["create", "to create"],
  ["update", "to update"],
  ["replace", "to replace"],
  ["delete", "to delete"],
  ["same", "unchanged"],
];

/** `1 to update, 1 to replace, 0 unchanged`-style summary of a preview. */
export function planSummary(steps: Step[]): string {
  const parts = VERBS.map(([op, verb]) => [steps.filter((s) => s.op === op).length, verb] as const)
    .filter(([count]) => count > 0)
    .map(([count, verb]) => `${count} ${verb}`);
  return parts.length ? parts.join(", ") : "no changes";
}
