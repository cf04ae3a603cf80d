// The questions' part of the plugin's detailed diff (provider-kit/detailed-diff.ts): each question diffed against the
// held question whose id it is written with (question-ids.ts), so an insert shows as one added question, a removal
// as one removed, and an edit in place as that question's own change, never as every later question "reworded".
import type { ElementDiff } from "../../provider-kit/detailed-diff";
import { deepEqualLoose } from "../../provider-kit/equality";
import type { Json } from "../../provider-kit/json";
import { matchQuestionIds } from "./question-ids";

const at = (i: number) => `questions[${i}]`;

/**
 * The changed questions by path: `declared` (now) against `previous` (the questions the program declared at the
 * last apply, which the paths' old values are read from) and `held` (the same questions as PostHog holds them, with
 * their ids). Undefined when a path cannot say it (the engine reads old and new at one index): a question that both
 * moved and changed, questions reordered past each other, two changes at one index, or the stored questions not
 * lined up with the declared ones (a refresh brought in questions made elsewhere). The whole list is then one update,
 * which the CLI diffs by position, and the preview's question notices carry the meaning.
 */
export function questionElementDiffs(
  declared: readonly Json[],
  previous: readonly Json[],
  held: readonly Json[],
): ElementDiff[] | undefined {
  if (previous.length !== held.length) return undefined;
  const { given } = matchQuestionIds(declared, held);
  const pairs = given.flatMap((g, i): [number, number][] => (g.from === undefined ? [] : [[i, g.from]]));
  if (pairs.some(([, j], k) => k > 0 && j < (pairs[k - 1]?.[1] ?? 0))) return undefined;
  const kept = new Set(pairs.map(([, j]) => j));
  const adds = given.flatMap((g, i) => (g.from === undefined ? [i] : []));
  const deletes = held.flatMap((_, j) => (kept.has(j) ? [] : [j]));
  const updates: number[] = [];
  for (const [i, j] of pairs) {
    if (deepEqualLoose(declared[i], previous[j])) continue;
    if (i !== j) return undefined;
    updates.push(i);
  }
  const indexes = [...adds, ...deletes, ...updates];
  if (new Set(indexes).size !== indexes.length) return undefined;
  return [
    ...adds.map((i): ElementDiff => ({ path: at(i), kind: "add" })),
    ...deletes.map((j): ElementDiff => ({ path: at(j), kind: "delete" })),
    ...updates.map((i): ElementDiff => ({ path: at(i), kind: "update" })),
  ];
}
