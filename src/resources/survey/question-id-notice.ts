// What a preview says when an update gives a question a new id or drops one: PostHog keys responses by question
// id, so a new id starts with no responses and the responses to a dropped id stay with it (question-ids.ts).
import type { Json } from "../../provider-kit/json";
import { matchQuestionIds } from "./question-ids";

const MAX_QUOTED = 60;

/** A question's text as the message quotes it: JSON-quoted, long texts cut. */
function quoted(question: Json | undefined): string {
  const text = typeof question?.question === "string" ? question.question : "";
  return JSON.stringify(text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED - 1)}…` : text);
}

/**
 * The warning for an update of `held` (the questions PostHog holds, from the stored outputs) to `declared`, or
 * undefined when every question keeps its id and no id leaves.
 */
export function questionIdNotice(label: string, declared: Json[], held: Json[]): string | undefined {
  const { given, leaving } = matchQuestionIds(declared, held);
  const heldIds = new Set(held.map((q) => q.id));
  const fresh = given.flatMap(({ id, rule }, i) => {
    const which = `questions[${i}] (${quoted(declared[i])})`;
    if (rule === "new") return [`${which} gets a new id from PostHog`];
    if (rule === "declared" && !heldIds.has(id)) return [`${which} takes the id it declares, "${id}"`];
    return [];
  });
  if (fresh.length === 0 && leaving.length === 0) return undefined;
  const parts = [`${label}:`];
  if (fresh.length > 0) {
    parts.push(
      `${fresh.join("; ")}: ${fresh.length === 1 ? "it matches" : "they match"} no question the survey holds ` +
        "(the same type and text, or an edit in place: the same position and type).",
    );
  }
  if (leaving.length > 0) {
    const those = leaving.map((q) => `those to ${quoted(q)} with id ${String(q.id)}`);
    const ids = leaving.length === 1 ? "That id leaves" : "Those ids leave";
    parts.push(
      "PostHog keys each response by its question's id ($survey_response_<id>), so responses already given stay " +
        `with the id they were given under: ${those.join("; ")}. ${ids} the survey, so none of its questions ` +
        "shows those responses. To carry an id over to a changed question, declare it as that question's `id`.",
    );
  } else {
    parts.push(
      "Every question the survey holds keeps its id, and with it its responses (PostHog keys each response by its " +
        "question's id, $survey_response_<id>).",
    );
  }
  return parts.join(" ");
}
