// Which id each declared question carries in a write: question ids follow their questions.
//
// PostHog keys every answer by its question's id: posthog-js sends it as `$survey_response_<id>`
// (PostHog/posthog-js packages/core/src/surveys/events.ts, getSurveyResponseKey), and PostHog reads it back by that
// key (PostHog/posthog posthog/hogql/functions/survey.py, _build_id_based_key). PostHog's own API says how to keep
// answers with their question: "When editing an existing question, send back its current id so its responses
// (keyed by $survey_response_<id>) stay attached; omit it for new questions and the server generates one"
// (products/surveys/backend/api/survey.py, SurveyBaseQuestionSchemaSerializer.id). It checks nothing about ids
// itself: validate_questions copies each question as sent, and the model's pre_save hook gives a uuid4 to a
// question without one (products/surveys/backend/models, ensure_question_ids).
//
// So an id is given, in this order of rules (docs/contributing/interrupted-runs.md#question-ids):
// 1. a declared `id` always wins;
// 2. an unchanged question (same type, same text as PostHog stores it) keeps its id wherever it moved. Identical
//    questions (duplicates) are matched in order: the unchanged questions are aligned as a diff aligns lines (a
//    longest run kept in the same order), so an insert, a removal or an edit of one copy leaves every other copy
//    its own id; a question that moved past others is matched after, to the first free held copy;
// 3. a question edited in place (same position, same type, and the old text is not the text of any declared
//    question still without an id) keeps the id of the question that was there;
// 4. anything else is a new question: sent without an id, so PostHog gives it a new one, as its API asks.
// No id is ever given twice. At a create the "held" questions are the marks ownership.ts derives, one per
// position with no type or text: only rule 3 can give them, so each goes to its own position.
import type { Json } from "../../provider-kit/json";
import { isRecord } from "../../provider-kit/json";
import { questionsOnWire } from "./settings/extra";
import { storedQuestions } from "./stored-texts";

/** How a declared question got its id. */
export type IdRule = "declared" | "unchanged" | "edited" | "new";

export interface QuestionIds {
  /** Per declared question: the id it is written with (undefined: PostHog gives it a new one), and the rule. */
  given: { id: string | undefined; rule: IdRule }[];
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

/** The id each of `declared` is written with, given the questions PostHog holds (`held`, with their ids). */
export function matchQuestionIds(declared: readonly Json[], held: readonly Json[]): QuestionIds {
  const stored = asStored(declared);
  const given: QuestionIds["given"] = declared.map((q) => ({ id: idOf(q), rule: "new" }));
  const used = new Set<string>();
  for (const entry of given) {
    if (entry.id === undefined) continue;
    entry.rule = "declared";
    used.add(entry.id);
  }
  // A held question is free while no declared question carries its id.
  const free = (j: number): boolean => {
    const id = idOf(held[j]);
    return id !== undefined && !used.has(id);
  };
  // PostHog may hold one id twice (it checks none): the first question given it keeps it.
  const give = (i: number, j: number, rule: IdRule) => {
    const id = idOf(held[j]);
    if (id === undefined || used.has(id)) return;
    given[i] = { id, rule };
    used.add(id);
  };

  // Rule 2: the same type and stored text. First the longest run of such questions kept in the same order (as a
  // diff aligns lines), then any that moved past others, each to the first free held one.
  const key = (q: Json | undefined): string | undefined =>
    text(q) === undefined ? undefined : JSON.stringify([q?.type, text(q)]);
  const declaredKeys = stored.map((q, i) => (given[i]?.id === undefined ? key(q) : undefined));
  const heldKeys = held.map((q, j) => (free(j) ? key(q) : undefined));
  for (const [i, j] of inOrder(declaredKeys, heldKeys)) give(i, j, "unchanged");
  given.forEach((entry, i) => {
    if (entry.id !== undefined || declaredKeys[i] === undefined) return;
    const j = held.findIndex((old, k) => free(k) && key(old) === declaredKeys[i]);
    if (j >= 0) give(i, j, "unchanged");
  });

  // Rule 3: the question at the same position, of the same type, whose text no question still without an id has.
  const unmatchedTexts = new Set(stored.filter((_, i) => given[i]?.id === undefined).map(text));
  given.forEach((entry, i) => {
    const old = held[i];
    if (entry.id !== undefined || !old || !free(i)) return;
    const sameType = old.type === undefined || old.type === stored[i]?.type;
    const oldText = text(old);
    if (sameType && (oldText === undefined || !unmatchedTexts.has(oldText))) give(i, i, "edited");
  });

  const leaving = held.filter((old) => {
    const id = idOf(old);
    return id !== undefined && text(old) !== undefined && !used.has(id);
  });
  return { given, leaving };
}

/**
 * The pairs (declared index, held index) of a longest common subsequence of two key lists (undefined matches
 * nothing). Where two pairings are as long, the held question is skipped first, so an edited copy of a duplicate
 * leaves its twin at its own position (declared [A', A] against held [A, A] pairs the second with the second).
 */
function inOrder(a: readonly (string | undefined)[], b: readonly (string | undefined)[]): [number, number][] {
  const same = (i: number, j: number) => a[i] !== undefined && a[i] === b[j];
  // longest[i][j]: the length of a longest common subsequence of a[i..] and b[j..].
  const longest = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      const row = longest[i] ?? [];
      row[j] = same(i, j)
        ? 1 + (longest[i + 1]?.[j + 1] ?? 0)
        : Math.max(longest[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (same(i, j)) pairs.push([i++, j++]);
    else if ((longest[i]?.[j + 1] ?? 0) >= (longest[i + 1]?.[j] ?? 0)) j++;
    else i++;
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
