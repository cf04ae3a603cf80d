import { PROVIDER_INPUTS } from "./declared";
import { z } from "zod";

/** A check failure as the engine shows it: the top-level property and a reason that says what to fix. */
export interface CheckFailure {
  property: string;
  reason: string;
}

/**
 * A failure as the engine is handed it. The engine prints a failure's property with that property's whole value
 * in Go's `%v` form (pulumi/pulumi pkg/resource/deploy/step_generator.go, issueCheckFailures, with
 * diag.GetResourcePropertyInvalidValueError: `property %v value %v has a problem: %v`): for a mistake inside
 * `questions` that is every question as `{[{map[…]}]}`, a form no user wrote. A failure whose reason already
 * names its path inside the property (`questions[0].dispaly: …`) goes without a property, so the engine prints
 * the resource and the reason alone (diag.GetResourceInvalidError: `resource '%v' has a problem: %v`).
 */
export function forTheEngine(failure: CheckFailure): CheckFailure {
  const { property, reason } = failure;
  const inside = reason.startsWith(`${property}[`) || reason.startsWith(`${property}.`);
  return inside ? { property: "", reason } : failure;
}

/** Formats a zod path like ["questions", 1, "link"] as `questions[1].link`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

/**
 * The param of an unknown-key issue naming the missing key it most likely meant (`questoin` for `question`): that
 * key's own "is required" issue is the same mistake, so failuresFromZod reports only the unknown key.
 */
export const MEANT = "meant";

/** The paths, as text, of the missing keys that an unknown key's issue already stands for. */
function meantPaths(issues: readonly z.core.$ZodIssue[]): Set<string> {
  const paths = new Set<string>();
  for (const issue of issues) {
    const meant = issue.code === "custom" ? issue.params?.[MEANT] : undefined;
    if (typeof meant === "string") paths.add(formatPath([...issue.path.slice(0, -1), meant]));
  }
  return paths;
}

/**
 * Turns zod issues into one failure per mistake, keyed by the top-level property: a misspelt key and the missing
 * key it meant are one mistake, reported once, at the misspelt key.
 */
export function failuresFromZod(error: z.ZodError, prefix: readonly PropertyKey[] = []): CheckFailure[] {
  const meant = meantPaths(error.issues);
  const issues = error.issues.filter((issue) => !meant.has(formatPath(issue.path)));
  return issues.map((issue) => {
    const path = [...prefix, ...issue.path];
    const property = path.length > 0 ? String(path[0]) : "(resource)";
    const where = formatPath(path);
    return { property, reason: where && where !== property ? `${where}: ${issue.message}` : issue.message };
  });
}

function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i * cols + j] = Math.min(
        d[(i - 1) * cols + j] + 1,
        d[i * cols + j - 1] + 1,
        d[(i - 1) * cols + j - 1] + cost,
      );
    }
  }
  return d[rows * cols - 1];
}

/**
 * The known key a misspelt `key` most likely meant: the nearest by edit distance (ignoring case) when it is
 * close enough, or a known key that `key` cuts short or runs past (`surveyPopupDelay` for
 * `surveyPopupDelaySeconds`), or one whose last word it is (`targetEmail` for `email`). Undefined when nothing is
 * close.
 */
export function closestKey(key: string, known: readonly string[]): string | undefined {
  const wanted = key.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const distance = editDistance(wanted, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best && bestDistance <= Math.max(2, Math.floor(key.length / 3))) return best;
  if (wanted.length < 4) return undefined;
  return known.find(
    (c) =>
      c.length >= 4 &&
      (c.toLowerCase().startsWith(wanted) ||
        wanted.startsWith(c.toLowerCase()) ||
        // The last word of a known key: `email` for `targetEmail`.
        (/[a-z][A-Z]/.test(c) && c.toLowerCase().endsWith(wanted))),
  );
}

/** Failures for keys the resource does not know, with the closest known key as a hint. */
export function unknownKeyFailures(
  inputs: Record<string, unknown>,
  known: readonly string[],
  ignore: readonly string[] = PROVIDER_INPUTS,
): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const key of Object.keys(inputs)) {
    if (known.includes(key) || ignore.includes(key)) continue;
    const best = closestKey(key, known);
    const hint = best ? ` Did you mean "${best}"?` : "";
    failures.push({ property: key, reason: `"${key}" is not a known input.${hint} Remove it or rename it.` });
  }
  return failures;
}
