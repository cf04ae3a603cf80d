// What a preview says when an update changes which question an id is on: PostHog keys answers by question id
// (question-ids.ts), so an id that ends up on a question with other words shows its answers under them, a new id
// starts with none, and the answers to an id that leaves stay with it, shown by no question. Each such move gets one
// line naming the question's texts; the questions that keep their id and wording are counted, never claimed for all.
// The preview cannot count the answers (it sends no request: preview.ts), so a line says "its answers".
import { isRecord, type Json } from "../../provider-kit/json";
import { matchQuestionIds, type GivenId } from "./question-ids";
import { storedQuestions } from "./stored-texts";
import { questionsOnWire } from "./settings/extra";

const MAX_QUOTED = 60;

/** A question's text as the message quotes it: JSON-quoted, long texts cut. */
function quoted(question: Json | undefined): string {
  const text = typeof question?.question === "string" ? question.question : "";
  return JSON.stringify(text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED - 1)}…` : text);
}

/** Whether a declared question (as PostHog will store it) reads as the held one: the same type and text. */
const sameWording = (stored: Json | undefined, old: Json | undefined): boolean =>
  stored?.type === old?.type && stored?.question === old?.question;

/** What `given` means for questions[i], or undefined when its id stays on the same wording. */
function line(i: number, entry: GivenId, declared: Json, stored: Json | undefined, held: readonly Json[]) {
  const which = `questions[${i}]`;
  const old = entry.from === undefined ? undefined : held[entry.from];
  const answers = (to: string) =>
    `the answers already given to ${quoted(old)} stay under that id and now show under ${to}.`;
  switch (entry.rule) {
    case "new":
      return `${which} (${quoted(declared)}) is a new question: PostHog gives it a new id, and it starts with no answers.`;
    case "ambiguous": {
      const could = (entry.candidates ?? []).map((j) => held[j]);
      return (
        `${which} (${quoted(declared)}) gets a new id and starts with no answers: it could be an edit of ` +
        `${could.map(quoted).join(" or ")}, and nothing tells which. To carry one's answers over, declare its id ` +
        `(${could.map((q) => String(q?.id)).join(" or ")}) as this question's \`id\`.`
      );
    }
    case "declared":
      if (old === undefined)
        return `${which} (${quoted(declared)}) takes the id it declares, "${String(entry.id)}", which no question of the survey holds now.`;
      if (sameWording(stored, old)) return undefined;
      return (
        `${which} declares id ${String(entry.id)}, which ${quoted(old)} holds now` +
        (stored?.type === old.type
          ? ""
          : ` (its type changes from ${String(old.type)} to ${String(stored?.type)})`) +
        `: users see ${quoted(declared)} in its place, and ${answers(quoted(declared))}`
      );
    case "edited":
      return (
        `${which} is reworded from ${quoted(old)} to ${quoted(declared)} and keeps its id ${String(entry.id)}: ` +
        `users see the new wording, and ${answers("the new wording")}`
      );
    default:
      return undefined;
  }
}

/**
 * The warnings for an update of `held` (the questions PostHog holds, from the stored outputs) to `declared`, each
 * one line prefixed by `label`: a question that is new, reworded under its id, given a held id by its declared `id`,
 * or ambiguous; each id that leaves; then how many other questions keep their id and wording. Empty when no id moves,
 * none is new, none leaves and the order holds.
 */
export function questionIdNotices(label: string, declared: Json[], held: Json[]): string[] {
  const { given, leaving } = matchQuestionIds(declared, held);
  const storedList = storedQuestions(questionsOnWire(declared));
  const stored = (i: number): Json | undefined => {
    const q: unknown = Array.isArray(storedList) ? storedList[i] : undefined;
    return isRecord(q) ? q : declared[i];
  };
  const lines = given.flatMap((entry, i) => {
    const said = line(i, entry, declared[i] ?? {}, stored(i), held);
    return said === undefined ? [] : [said];
  });
  for (const old of leaving) {
    lines.push(
      `${quoted(old)} (id ${String(old.id)}) leaves the survey: its answers stay in PostHog under that id, and no ` +
        "question shows them. To keep them under a question, declare that id as the question's `id`.",
    );
  }
  // The questions whose id stays on the same wording, and whether they keep their order.
  const kept = given.flatMap((entry, i) =>
    entry.from !== undefined && sameWording(stored(i), held[entry.from]) ? [entry.from] : [],
  );
  const reordered = kept.some((from, k) => k > 0 && from < (kept[k - 1] ?? 0));
  if (lines.length === 0 && !reordered) return [];
  if (lines.length === 0) {
    lines.push("the questions are reordered: each keeps its id and its answers.");
  } else if (kept.length > 0) {
    lines.push(
      kept.length === 1
        ? `the other question keeps its id and its answers${reordered ? ", in a new order" : ""}.`
        : `the ${kept.length} other questions keep their ids and their answers${reordered ? ", in a new order" : ""}.`,
    );
  }
  return lines.map((said) => `${label}: ${said}`);
}
