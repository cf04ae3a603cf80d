// The proof that a survey in PostHog is this resource's own: question ids derived from the resource's identity.
//
// PostHog keeps the question ids a client sends. validate_questions copies each question as sent
// ({**raw_question}) and never reads `id` (products/surveys/backend/api/survey.py,
// SurveySerializerCreateUpdateOnly.validate_questions); the model's pre_save hook gives a uuid4 only to a question
// whose id is empty (posthog/models/surveys/survey.py, ensure_question_ids). Any string is kept, so the ids are
// written as UUIDs, the form PostHog itself assigns and the UI, the SDKs and response events
// (`$survey_response_<id>`) expect.
//
// A create sends, for each question the program declares without an `id`, the id derived from the stack's mark
// (a random value made once per stack and kept in its state: provider-kit/stack-mark.ts), the resource's name
// and the question's position. The stack's name and project are not in it: two stacks may share both (two
// backends, a stack re-created under a renamed stack's old name), and one stack keeps its mark across a rename.
// Another stack, another resource, a survey made by hand or by an older release (whose ids hashed the project
// and stack names) holds other ids. An update keeps each question's id as PostHog holds it (fields.ts,
// carryQuestionIds), so the derived ids are written once, at create, and a survey created by an earlier release,
// adopted or imported keeps the ids it has: nothing changes for it.
import { createHash } from "node:crypto";
import type { ResourceIdentity } from "../../provider-kit/identity";
import type { Json } from "../../provider-kit/json";
import { jsonList } from "./fields";

/** A name-based UUID (RFC 9562 version 8, "custom"): the stack's mark, the resource's name and the position, hashed. */
export function ownedQuestionId(owner: ResourceIdentity & { mark: string }, index: number): string {
  const seed = ["pulumi-posthog survey question 2", owner.mark, owner.name, String(index)];
  const hex = createHash("sha256").update(seed.join("\u0000")).digest("hex").slice(0, 32).split("");
  hex[12] = "8"; // version 8
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16); // the RFC variant
  const h = hex.join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * What a create passes where an update passes the stored questions (fields.ts, carryQuestionIds, matching by
 * position): the derived id at each position whose declared question has no id of its own. Empty without an
 * identity or a mark (a provider module called directly, outside both faces; a plugin process that was not told
 * its stack's mark): PostHog then gives each question an id of its own, and nothing can prove the survey later.
 */
export function ownedQuestionIds(owner: ResourceIdentity | undefined, declared: unknown): Json[] {
  const mark = owner?.mark;
  if (!owner || mark === undefined) return [];
  return jsonList(declared).map((question, index) =>
    question.id ? {} : { id: ownedQuestionId({ ...owner, mark }, index) },
  );
}

/** Why `questions` (as PostHog holds them) do not prove the survey is the one `owner` made; undefined when they do. */
export function unproven(
  owner: ResourceIdentity | undefined,
  declared: unknown,
  questions: unknown,
): string | undefined {
  const marks = ownedQuestionIds(owner, declared);
  const marked = marks.flatMap((mark, index) =>
    typeof mark.id === "string" ? [{ index, id: mark.id }] : [],
  );
  if (!owner) return "the provider was not told which resource of which stack this is";
  if (owner.mark === undefined)
    return "the provider was not told this stack's mark, so nothing can show which stack made it";
  if (marked.length === 0) {
    return (
      "the program declares no question without an explicit id (this resource's mark is the id of such a " +
      "question), so nothing in PostHog can show which stack made it"
    );
  }
  const held = jsonList(questions);
  if (marked.every(({ index, id }) => held[index]?.id === id)) return undefined;
  return (
    "its question ids are not the ones this resource gives the surveys it creates (another stack, even one with " +
    "this stack's name, another resource, a person in PostHog, or a release of this provider before the stack " +
    "mark made it)"
  );
}

// The form every derived id has, whatever the stack, the resource or the release (ownedQuestionId, and the release
// before the stack's mark, which hashed the project and stack names, wrote the same form): an RFC 9562 UUID of
// version 8 ("custom"), RFC variant. PostHog gives a question without an id a version 4 UUID
// (products/surveys/backend/models, ensure_question_ids: uuid.uuid4()). Without the stack's mark nothing tells
// one stack's derived ids from another's, nor proves which stack made the survey: this says only that a stack did.
const DERIVED_FORM = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Whether `id` has the form of a question id this provider derives (and PostHog never gives). */
export function hasDerivedForm(id: unknown): boolean {
  return typeof id === "string" && DERIVED_FORM.test(id);
}

/**
 * Whether a survey's questions (as PostHog holds them) show that a Pulumi stack created it with this provider: one
 * of them carries a derived id. A survey a stack adopted or imported keeps PostHog's ids, so it does not show.
 */
export function createdByAStack(questions: unknown): boolean {
  return jsonList(questions).some((question) => hasDerivedForm(question.id));
}
