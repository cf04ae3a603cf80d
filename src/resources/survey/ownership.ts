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
// (a random value made once per stack and kept in its state: ownership/stack-mark.ts), the resource's parents'
// type chain and name (its URN, less the stack and project) and the question's position; its first 48 bits are the
// stack's mark alone, so a resource tells a survey another resource of its stack made (siblingMade). The stack's
// name and project are not in it: two stacks may share both (two backends, a stack re-created under a renamed
// stack's old name), and one stack keeps its mark across a rename.
// Another stack, another resource, a survey made by hand or by an older release (whose ids hashed the project
// and stack names) holds other ids. An update keeps each question's id as PostHog holds it (fields.ts,
// carryQuestionIds), so the derived ids are written once, at create, and a survey created by an earlier release,
// adopted or imported keeps the ids it has: nothing changes for it.
import { createHash } from "node:crypto";
import { type ResourceIdentity, STACK_MARK_NAME, STACK_MARK_TYPE } from "../../ownership";
import type { Json } from "../../provider-kit/json";
import { jsonList } from "./fields";

/** A derived id's 32 hex digits as a UUID, with the version 8 ("custom") and RFC variant bits set. */
function asUuid(hex32: string): string {
  const hex = hex32.split("");
  hex[12] = "8"; // version 8
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16); // the RFC variant
  const h = hex.join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const sha256 = (parts: readonly string[]) => createHash("sha256").update(parts.join("\u0000")).digest("hex");

/**
 * The stack's part of every id a create derives: its first 48 bits, the stack's mark hashed alone. Any resource of
 * the stack tells a sibling's survey by it (siblingMade), whichever of the two the engine steps first, which the run's
 * claims cannot: a resource that holds a survey claims it only when its diff runs (issue 55, item 7).
 */
function stackPart(mark: string): string {
  return sha256(["pulumi-posthog stack part", mark]).slice(0, 12);
}

/**
 * The id the release before the stack's part derived (and a create interrupted under it wrote): a name-based hash of
 * the stack's mark, the resource's parents' type chain and name (what tells it apart in its stack, as its URN does),
 * and the position. A top-level resource (no parents) hashes under the seed's version 2; a resource under a parent
 * hashes the chain too, under version 3, so two components of different types, each with a child `nps`, get
 * different ids. The release before the mark hashed a child's name alone; such a child's interrupted create cannot
 * be proven after the upgrade, and needs `adopt` (docs/contributing/interrupted-runs.md, "The stack's mark").
 */
export function earlierQuestionId(
  owner: Omit<ResourceIdentity, "parents"> & { parents?: string; mark: string },
  index: number,
): string {
  const seed = owner.parents
    ? ["pulumi-posthog survey question 3", owner.mark, owner.parents, owner.name, String(index)]
    : ["pulumi-posthog survey question 2", owner.mark, owner.name, String(index)];
  return asUuid(sha256(seed).slice(0, 32));
}

/**
 * The id a create writes at `index`: the stack's part (48 bits), then the rest of earlierQuestionId's hash. An RFC
 * 9562 version 8 ("custom") UUID, as the earlier form was, so export and the tests that read the form are unchanged.
 */
export function ownedQuestionId(
  owner: Omit<ResourceIdentity, "parents"> & { parents?: string; mark: string },
  index: number,
): string {
  const earlier = earlierQuestionId(owner, index).replace(/-/g, "");
  return asUuid(stackPart(owner.mark) + earlier.slice(12));
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
  if (owner.mark === undefined) return "the provider was not told this stack's mark";
  if (marked.length === 0) return "every question declares an explicit id, so none carries this stack's mark";
  const held = jsonList(questions);
  if (marked.every(({ index, id }) => held[index]?.id === id)) return undefined;
  // A create interrupted under the release before the stack's part wrote the earlier form (earlierQuestionId).
  const earlier = { ...owner, mark: owner.mark };
  if (marked.every(({ index }) => held[index]?.id === earlierQuestionId(earlier, index))) return undefined;
  // Short: the refusal names another stack first (ownership/refusals.ts), and stays within 80 words.
  return "its question ids are not this resource's";
}

/**
 * Why a create must not post without the stack's mark, as an error naming the way out; undefined when it may go
 * on: it carries the mark, or nothing needs it (every question declares its `id`), or no face told the provider
 * which resource this is (a provider module called directly, outside both faces). Without the mark the derived
 * ids are not sent, PostHog gives random ones, and a create interrupted after its POST leaves a survey no later
 * run can prove its own.
 *
 * When it happens: on the dynamic face the mark is the output of the resource posthog-stack-mark, which
 * `pulumi up --target <survey>` on a stack without it leaves out (the engine skips the create of an untargeted
 * resource, pulumi/pulumi pkg/resource/deploy/step_generator.go, NewSkippedCreateStep, and the survey's mark input
 * is then undefined, which the SDK drops with its dependency: runtime/rpc.ts, serializeFilteredProperties). On the
 * plugin face the mark is in the provider's checked config, and providers are always targeted (step_generator.go:
 * isImplicitlyTargetedResource), so only a process that could not learn it (plugin/provider-config.ts) lacks it.
 */
export function unmarkedCreate(
  owner: ResourceIdentity | undefined,
  urn: string | undefined,
  declared: unknown,
  label: string,
  face: "dynamic" | "plugin",
): Error | undefined {
  if (!owner || owner.mark !== undefined) return undefined;
  if (!jsonList(declared).some((question) => !question.id)) return undefined;
  const start = `${label}: not created: this run has no stack mark, which proves the survey is this stack's if a run is interrupted. Nothing was sent.`;
  if (face === "plugin")
    return new Error(
      `${start} This plugin process could not learn it (the first run after an upgrade); the run recorded it in ` +
        "the provider's state. Run pulumi up again.",
    );
  const mark = `urn:pulumi:${owner.stack}::${owner.project}::${STACK_MARK_TYPE}::${STACK_MARK_NAME}`;
  return new Error(
    `${start} Resource ${STACK_MARK_NAME} makes it, and pulumi up --target left it out. Target it too: ` +
      `pulumi up --target '${mark}' --target '${urn ?? "<this survey's URN>"}', or run pulumi up once without --target.`,
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

/**
 * Whether another resource of this stack created the survey: one of its questions carries an id with this stack's
 * part (ownedQuestionId) that is none of this resource's own. Surveys created before the stack's part existed carry
 * the earlier form, which tells no stack from another (earlierQuestionId): for them it says false.
 */
export function siblingMade(owner: ResourceIdentity | undefined, questions: unknown): boolean {
  const mark = owner?.mark;
  if (!owner || mark === undefined) return false;
  const part = stackPart(mark);
  const prefix = `${part.slice(0, 8)}-${part.slice(8, 12)}-`;
  const held = jsonList(questions).map((question) => question.id);
  // Ids stay at the position their create gave them (fields.ts, carryQuestionIds); more positions than held cover
  // questions removed since (a survey holds a few; 64 hashes cost well under a millisecond).
  const positions = Array.from({ length: held.length + 64 }, (_, index) => index);
  const own = new Set(positions.map((index) => ownedQuestionId({ ...owner, mark }, index)));
  return held.some(
    (id) => typeof id === "string" && id.startsWith(prefix) && hasDerivedForm(id) && !own.has(id),
  );
}
