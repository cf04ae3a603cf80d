// Which id each declared question carries in a write: question ids move only with their question's meaning.
//
// PostHog keys every answer by its question's id: posthog-js sends it as `$survey_response_<id>`
// (PostHog/posthog-js packages/core/src/surveys/events.ts, getSurveyResponseKey), and PostHog reads it back by that
// key (PostHog/posthog posthog/hogql/functions/survey.py, _build_id_based_key). PostHog's own API says how to keep
// answers with their question: "When editing an existing question, send back its current id so its responses
// (keyed by $survey_response_<id>) stay attached; omit it for new questions and the server generates one"
// (products/surveys/backend/api/survey.py, SurveyBaseQuestionSchemaSerializer.id). It checks nothing about ids
// itself: validate_questions copies each question as sent, and the model's pre_save hook gives a uuid4 to a
// question without one (products/surveys/backend/models, ensure_question_ids). So an id given to the wrong question
// silently shows its answers under that question.
//
// An id is given, in this order of rules (docs/contributing/interrupted-runs.md#question-ids):
// 1. a declared `id` always wins;
// 2. an unchanged question (same type, same text as PostHog stores it) keeps its id wherever it moved. Identical
//    questions (duplicates) are matched in order: the unchanged questions are aligned as a diff aligns lines (a
//    longest run kept in the same order), then a question that moved past others takes the first free held copy;
// 3. a question edited in place keeps the id of the question it was. "In place" is a slot, not a list position:
//    the pairs of rules 1 and 2 that keep their order (a longest such chain) are anchors, and an edit stays between
//    the same two anchors. Within such a gap a declared question is an edit of a held one of the same type whose
//    wording it keeps (at least half of the words of both, in order: `resemblance`); when several pairings are
//    as good (the best alignment of the gap is not unique for this question), it is ambiguous: it gets a new id and
//    the preview names the candidates. So `[A, B, C]` -> `[A, "C edited"]` gives "C edited" C's id, and B's id
//    leaves with B's answers: a removed question's id never passes to a neighbour;
// 4. anything else is a new question: sent without an id, so PostHog gives it a new one, as its API asks.
// No id is ever given twice. At a create the "held" questions are the marks ownership.ts derives, one per
// position with no type or text: each goes to its own position (rule "mark").
import type { Json } from "../../provider-kit/json";
import { isRecord } from "../../provider-kit/json";
import { questionsOnWire } from "./settings/extra";
import { storedQuestions } from "./stored-texts";

/** How a declared question got its id. */
export type IdRule = "declared" | "unchanged" | "edited" | "ambiguous" | "new" | "mark";

export interface GivenId {
  /** The id the question is written with; undefined: PostHog gives it a new one. */
  id: string | undefined;
  rule: IdRule;
  /** The index in `held` of the question whose id this is (none for a new id or a declared id PostHog lacks). */
  from?: number;
  /** For an ambiguous question: the indexes in `held` of the questions it could be an edit of. */
  candidates?: number[];
}

export interface QuestionIds {
  /** Per declared question: the id it is written with, and why. */
  given: GivenId[];
  /** The held questions whose id no declared question carries any more (their responses stay with that id). */
  leaving: Json[];
}

const text = (question: Json | undefined): string | undefined =>
  typeof question?.question === "string" ? question.question : undefined;
const idOf = (question: Json | undefined): string | undefined =>
  typeof question?.id === "string" && question.id !== "" ? question.id : undefined;

/** The declared questions as PostHog will store them: `extra` merged in, HTML sanitised (stored-texts.ts). */
function asStored(declared: readonly Json[]): Json[] {
  const stored = storedQuestions(questionsOnWire(declared));
  return Array.isArray(stored)
    ? stored.map((q: unknown, i) => (isRecord(q) ? q : declared[i]))
    : [...declared];
}

/** The words of a question's text, markup left out, compared without case. */
function words(value: string | undefined): string[] {
  return (
    (value ?? "")
      .replace(/<[^>]*>/g, " ")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** The length of a longest common subsequence of two lists. */
function commonRun<T>(a: readonly T[], b: readonly T[]): number {
  let row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    const next = [0];
    b.forEach((y, j) => next.push(x === y ? (row[j] ?? 0) + 1 : Math.max(row[j + 1] ?? 0, next[j] ?? 0)));
    row = next;
  }
  return row[b.length] ?? 0;
}

/**
 * How much of its wording an edit keeps, from 0 to 1: twice the words the two texts share in order, over the words
 * of both (the Dice coefficient on a longest common subsequence of words). "What could we improve?" and "What could
 * we improve, in one sentence?" share 4 of 4 + 7 words: 8/11.
 */
export function resemblance(a: string | undefined, b: string | undefined): number {
  const x = words(a);
  const y = words(b);
  if (x.length + y.length === 0) return 0;
  return (2 * commonRun(x, y)) / (x.length + y.length);
}

/** An edit keeps at least this much of its wording (resemblance); less is a new question. */
export const EDIT_RESEMBLANCE = 0.5;

/** The id each of `declared` is written with, given the questions PostHog holds (`held`, with their ids). */
export function matchQuestionIds(declared: readonly Json[], held: readonly Json[]): QuestionIds {
  const stored = asStored(declared);
  const given: GivenId[] = declared.map((q) => ({ id: idOf(q), rule: "new" }));
  const used = new Set<string>();
  given.forEach((entry) => {
    if (entry.id === undefined) return;
    entry.rule = "declared";
    used.add(entry.id);
    const from = held.findIndex((h) => idOf(h) === entry.id);
    if (from >= 0) entry.from = from;
  });
  // A held question is free while no declared question carries its id.
  const free = (j: number): boolean => {
    const id = idOf(held[j]);
    return id !== undefined && !used.has(id);
  };
  // PostHog may hold one id twice (it checks none): the first question given it keeps it.
  const give = (i: number, j: number, rule: IdRule) => {
    const id = idOf(held[j]);
    if (id === undefined || used.has(id)) return;
    given[i] = { id, rule, from: j };
    used.add(id);
  };

  // At a create: the marks, one per position.
  held.forEach((mark, j) => {
    if (text(mark) === undefined && mark.type === undefined && given[j]?.id === undefined && j < given.length)
      give(j, j, "mark");
  });

  // Rule 2: the same type and stored text. First the longest run of such questions kept in the same order (as a
  // diff aligns lines), then any that moved past others, each to the first free held one.
  const key = (q: Json | undefined): string | undefined =>
    text(q) === undefined ? undefined : JSON.stringify([q?.type, text(q)]);
  const declaredKeys = stored.map((q, i) => (given[i]?.id === undefined ? key(q) : undefined));
  const heldKeys = held.map((q, j) => (free(j) ? key(q) : undefined));
  const editable = (i: number, j: number) =>
    given[i]?.id === undefined && free(j) ? editWeight(stored[i], held[j]) : undefined;
  for (const [i, j] of inOrder(declaredKeys, heldKeys, editable)) give(i, j, "unchanged");
  given.forEach((entry, i) => {
    if (entry.id !== undefined || declaredKeys[i] === undefined) return;
    const j = held.findIndex((old, k) => free(k) && key(old) === declaredKeys[i]);
    if (j >= 0) give(i, j, "unchanged");
  });

  // Rule 3: edits in place, gap by gap between the anchors.
  const fixed = given.flatMap((g, i): [number, number][] => (g.from === undefined ? [] : [[i, g.from]]));
  const anchors = [[-1, -1], ...longestChain(fixed), [declared.length, held.length]];
  for (let k = 1; k < anchors.length; k++) {
    const [i0, j0] = anchors[k - 1] ?? [0, 0];
    const [i1, j1] = anchors[k] ?? [0, 0];
    const ds = range(i0 + 1, i1).filter((i) => given[i]?.id === undefined && given[i]?.rule === "new");
    const hs = range(j0 + 1, j1).filter((j) => free(j) && text(held[j]) !== undefined);
    for (const { d, h, candidates } of editsInGap(
      ds.map((i) => stored[i] ?? {}),
      hs.map((j) => held[j] ?? {}),
    )) {
      const i = ds[d] ?? -1;
      if (h !== undefined) give(i, hs[h] ?? -1, "edited");
      else given[i] = { id: undefined, rule: "ambiguous", candidates: candidates.map((c) => hs[c] ?? -1) };
    }
  }

  const leaving = held.filter((old) => {
    const id = idOf(old);
    return id !== undefined && text(old) !== undefined && !used.has(id);
  });
  return { given, leaving };
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);

/**
 * A longest chain of (declared, held) pairs increasing in both: the pairs that keep their order. `pairs` come
 * sorted by declared index; where two chains are as long, the earlier pair wins.
 */
function longestChain(pairs: readonly [number, number][]): [number, number][] {
  const length = pairs.map(() => 1);
  const before = pairs.map(() => -1);
  pairs.forEach(([, j], b) => {
    for (let a = 0; a < b; a++) {
      if ((pairs[a]?.[1] ?? 0) < j && (length[a] ?? 0) + 1 > (length[b] ?? 0)) {
        length[b] = (length[a] ?? 0) + 1;
        before[b] = a;
      }
    }
  });
  let end = -1;
  length.forEach((l, b) => {
    if (end < 0 || l > (length[end] ?? 0)) end = b;
  });
  const chain: [number, number][] = [];
  for (let b = end; b >= 0; b = before[b] ?? -1) {
    const pair = pairs[b];
    if (pair) chain.unshift(pair);
  }
  return chain;
}

const SCALE = 10_000;

/** How much of its wording an edit of `b` into `a` keeps, scaled; undefined when it is no edit (question-ids rule 3). */
function editWeight(a: Json | undefined, b: Json | undefined): number | undefined {
  if (b?.type !== undefined && a?.type !== b.type) return undefined;
  const r = resemblance(text(a), text(b));
  return r >= EDIT_RESEMBLANCE ? Math.round(r * SCALE) : undefined;
}

interface Alignment {
  /** The best total of all pairings in order. */
  best: number;
  /** The best total of the first `a` rows against the first `b` columns. */
  ahead(a: number, b: number): number;
  /** The best total of the rows from `a` on against the columns from `b` on. */
  behind(a: number, b: number): number;
}

/** The best alignments in order of `rows` against `cols` where `weight` says what a pairing is worth (none: not allowed). */
function align(rows: number, cols: number, weight: (a: number, b: number) => number | undefined): Alignment {
  const grid = () => Array.from({ length: rows + 2 }, () => new Array<number>(cols + 2).fill(0));
  const fwd = grid();
  const bwd = grid();
  const at = (g: number[][], a: number, b: number) => g[a]?.[b] ?? 0;
  const set = (g: number[][], a: number, b: number, v: number) => {
    const row = g[a];
    if (row) row[b] = v;
  };
  for (let a = 1; a <= rows; a++) {
    for (let b = 1; b <= cols; b++) {
      const w = weight(a - 1, b - 1);
      const paired = w === undefined ? 0 : at(fwd, a - 1, b - 1) + w;
      set(fwd, a, b, Math.max(at(fwd, a - 1, b), at(fwd, a, b - 1), paired));
    }
  }
  for (let a = rows - 1; a >= 0; a--) {
    for (let b = cols - 1; b >= 0; b--) {
      const w = weight(a, b);
      const paired = w === undefined ? 0 : at(bwd, a + 1, b + 1) + w;
      set(bwd, a, b, Math.max(at(bwd, a + 1, b), at(bwd, a, b + 1), paired));
    }
  }
  return { best: at(fwd, rows, cols), ahead: (a, b) => at(fwd, a, b), behind: (a, b) => at(bwd, a, b) };
}

/**
 * The edits in one gap: the declared questions `ds` against the free held ones `hs`, in order. A pair may be an edit
 * when both have a type in common and the wording resembles (EDIT_RESEMBLANCE); the alignment kept is the one in
 * order that keeps the most wording (the sum of resemblances). A declared question is an edit of `h` only when every
 * best alignment pairs it with `h`; when best alignments differ for it, it is ambiguous with the candidates they
 * pair it with. Questions no best alignment pairs are left out (new).
 */
function editsInGap(
  ds: readonly Json[],
  hs: readonly Json[],
): { d: number; h?: number; candidates: number[] }[] {
  if (ds.length === 0 || hs.length === 0) return [];
  const weight = (d: number, h: number) => editWeight(ds[d], hs[h]);
  const { best, ahead, behind } = align(ds.length, hs.length, weight);
  const out: { d: number; h?: number; candidates: number[] }[] = [];
  for (let d = 0; d < ds.length; d++) {
    const candidates = range(0, hs.length).filter((h) => {
      const w = weight(d, h);
      return w !== undefined && ahead(d, h) + w + behind(d + 1, h + 1) === best;
    });
    if (candidates.length === 0) continue;
    const unpaired = range(0, hs.length + 1).some((b) => ahead(d, b) + behind(d + 1, b) === best);
    out.push(candidates.length === 1 && !unpaired ? { d, h: candidates[0], candidates } : { d, candidates });
  }
  return out;
}

/**
 * The unchanged questions kept in order (rule 2): the pairs (declared index, held index) of the same key, as many as
 * can keep their order (a longest common subsequence), and among those the alignment that leaves the most wording
 * to the edits between them, so an edited copy of a duplicate leaves its twin at its own place (declared [A', A]
 * against held [A, A] pairs A with the second). Of alignments still as good, the walk pairs first, then skips a held
 * question: duplicates pair in order. A question related to no other (no key nor wording in common) is stepped over
 * first, so it changes no pairing.
 */
function inOrder(
  keysA: readonly (string | undefined)[],
  keysB: readonly (string | undefined)[],
  edit: (a: number, b: number) => number | undefined,
): [number, number][] {
  const exact = SCALE * (keysA.length + 1);
  const weight = (a: number, b: number) =>
    keysA[a] !== undefined && keysA[a] === keysB[b] ? exact : keysA[a] === undefined ? undefined : edit(a, b);
  const { best, ahead, behind } = align(keysA.length, keysB.length, weight);
  const pairs: [number, number][] = [];
  const related = (a: number, b: number) => weight(a, b) !== undefined;
  const rowRelated = (a: number) => range(0, keysB.length).some((b) => related(a, b));
  const colRelated = (b: number) => range(0, keysA.length).some((a) => related(a, b));
  let a = 0;
  let b = 0;
  const onBest = (x: number, y: number, done: number) => ahead(a, b) + done + behind(x, y) === best;
  while (a < keysA.length && b < keysB.length) {
    const w = weight(a, b);
    if (!rowRelated(a)) a++;
    else if (!colRelated(b)) b++;
    else if (w !== undefined && onBest(a + 1, b + 1, w)) {
      if (w === exact) pairs.push([a, b]);
      a++;
      b++;
    } else if (onBest(a, b + 1, 0)) b++;
    else a++;
  }
  return pairs;
}

/** `declared` with the id each is written with (rules above); one without keeps no `id` key. */
export function withQuestionIds<Q extends { id?: string }>(
  declared: readonly Q[],
  held: readonly Json[],
): Q[] {
  const { given } = matchQuestionIds(
    declared.map((q) => (isRecord(q) ? q : {})),
    held,
  );
  return declared.map((question, i) => {
    const id = given[i]?.id;
    if (id === undefined || question.id === id) return question;
    return { ...question, id };
  });
}
