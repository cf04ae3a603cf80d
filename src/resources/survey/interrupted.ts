// A survey create that clashes on its name: is the survey holding the name the one an interrupted run of this very
// resource made? PostHog refuses a second survey with a name already used in the project
// (products/surveys/backend/api/survey.py, SurveySerializerCreateUpdateOnly.validate: "There is already a survey
// with this name.", code "unique"), so the clash costs no extra request in the normal path; only a clash looks
// anything up. The proof is the question ids the create derived from the stack's mark and the resource's name
// (ownership.ts): same name and content are not enough, since two stacks of one program on one project declare
// both alike, and so are the project and stack names (two backends, a stack re-created under an old name). A POST
// that got no answer and whose lookup finds the survey holding the name gets the same checks (takeLateAnswer).
import type { PostHogApiError, PostHogClient } from "../../client";
import { noAnswer, claimForTakeOver, markRefused, otherKeeper, renameWaysOut } from "../../ownership";
import type { WireSurvey } from "../../client";
import type { SurveyDeclaration } from "./declaration";
import { siblingMade, unproven } from "./ownership";
import { siblingClash } from "./sibling";
import { RESOURCE_TOKENS } from "../../provider-kit/tokens";
import { warn } from "../../provider-kit/warn";
import { declaredInputs } from "../../provider-kit/declared";
import { changedFields, resetValue, SURVEY_FIELD_NAMES, type SurveyField } from "./fields";
import { surveyOutputs } from "./mapping";

type Json = Record<string, unknown>;

/**
 * Where the survey stands is not compared unless declared: the interrupted run may have died anywhere between the
 * POST and the last step of the lifecycle plan (launch, stop, archive), and the create goes on to the declared
 * status and `archived` as usual after taking the survey over. `archived` is never compared, declared or not: the
 * POST leaves it out when a launch or stop follows (PostHog refuses those on an archived survey), so an
 * interrupted run's survey may hold either value.
 */
const LIFECYCLE: readonly SurveyField[] = ["status", "startDate", "endDate", "archived"];

/** A flag is declared by id or by key; the other row of the pair says nothing about what the create writes. */
const FLAG_ALTERNATES: Partial<Record<SurveyField, SurveyField>> = {
  linkedFlagId: "linkedFlagKey",
  linkedFlagKey: "linkedFlagId",
  targetingFlagId: "targetingFlagKey",
  targetingFlagKey: "targetingFlagId",
};

/**
 * The fields in which `existing` is not what this create would leave in PostHog: each declared field as PostHog
 * stores it, and each other field at the value a create leaves it (its reset value), compared as diff compares.
 */
function differingFields(existing: WireSurvey, project: string, inputs: Json): SurveyField[] {
  const declared = declaredInputs(inputs);
  const undeclared = SURVEY_FIELD_NAMES.filter(
    (field) =>
      declared[field] === undefined &&
      !LIFECYCLE.includes(field) &&
      !Object.keys(declared).includes(FLAG_ALTERNATES[field] ?? ""),
  );
  const compared = Object.fromEntries(undeclared.map((field) => [field, resetValue(field) ?? null]));
  // `compared` stands for "declared before": changedFields then compares those fields with their reset value.
  return changedFields(declared, surveyOutputs(existing, project, declared), compared);
}

/**
 * Why `existing` cannot be taken as this resource's own; empty when it can. It must carry the question ids this
 * resource derives (ownership.ts), hold the declared fields as PostHog stores them (the field table's comparisons,
 * as diff uses them), and not be taken by another resource of this run: the claim (ownership/claims.ts)
 * is made here, last, so only a survey that passes every check is claimed.
 */
/** Why this resource's own survey (its ids proven) is not taken over: edited since, said so; else undefined. */
export function editedSince(
  existing: WireSurvey,
  project: string,
  survey: SurveyDeclaration,
): string | undefined {
  const differing = differingFields(existing, project, survey.declared).filter(
    (field) => !LIFECYCLE.includes(field),
  );
  if (differing.length === 0) return undefined;
  return `this resource made it, but it differs from the program in ${differing.join(", ")} (edited since)`;
}

function whyNotOurs(existing: WireSurvey, project: string, survey: SurveyDeclaration): string[] {
  const notOurs = unproven(survey.owner, survey.fields.questions, existing.questions);
  if (notOurs) return [notOurs];
  const edited = editedSince(existing, project, survey);
  if (edited) return [edited];
  if (!claimForTakeOver("survey", existing.id, survey.urn))
    return ["another resource of this stack holds it"];
  return [];
}

/**
 * The survey named like `survey` if this resource's own earlier create made it (whyNotOurs). Otherwise throws
 * (the caller prefixes the resource) naming the survey, why it is not taken, and the ways out; nothing is written.
 */
export async function takeOverInterrupted(
  client: PostHogClient,
  project: string,
  survey: SurveyDeclaration,
  clash: Error,
): Promise<WireSurvey> {
  const name = String(survey.declared.name);
  const existing = await client.surveys.findByName(project, name);
  // Gone since the clash (deleted in between): nothing to take over, report the clash as it was.
  if (!existing) throw clash;
  // Another resource of this stack made or holds it (issue 55, item 7): said so, and no way out that makes two
  // resources of the stack manage one survey (`adopt` would write this resource's questions over that one's).
  const sibling = otherKeeper("survey", existing.id, survey.urn);
  if (sibling !== undefined) {
    markRefused("survey", existing.id, survey.urn);
    throw new Error(
      `Survey ${existing.id} holds the name, and ${sibling}: one survey is managed by one resource of a stack. ` +
        "Nothing was written. Give this resource another survey name, or remove one of the two from the program.",
    );
  }
  // The same, when that resource's diff has not run yet: its question ids carry this stack's part (sibling.ts).
  if (siblingMade(survey.owner, existing.questions)) {
    markRefused("survey", existing.id, survey.urn);
    throw new Error(siblingClash(existing.id, survey.urn));
  }
  const reasons = whyNotOurs(existing, project, survey);
  if (reasons.length > 0) {
    // Not this run's to delete either: the old name of a renamed resource must not take it with it.
    markRefused("survey", existing.id, survey.urn);
    throw new Error(
      `Survey ${existing.id} holds the name, and this stack cannot prove it is its own: ` +
        `${reasons.join("; ")}. Nothing was written. ${waysOut(existing.id, survey.urn)}`,
    );
  }
  // Said of what the survey proves, not of why the state lacks it: an interrupted run, the host set back to where a
  // move left it, and `pulumi up --replace` all meet it here (issue 55, case 10).
  warn(
    `${survey.label}: took over survey ${existing.id} in project ${project}: it carries this resource's question ` +
      "ids, so an earlier run of this resource made it, and this create found it holding the name (after an " +
      "interrupted run, a host set back to where a move left it, or up --replace). No second survey was created.",
  );
  return existing;
}

/**
 * After this run's POST got no answer (late-create.ts), the survey the lookups found holding the name: taken only
 * on the proof an interrupted run's survey needs (whyNotOurs), with a warning. Otherwise throws saying what this
 * run did: its POST created that survey (or met it holding the name), which is left in PostHog unrecorded.
 */
export function takeLateAnswer(
  project: string,
  survey: SurveyDeclaration,
  found: WireSurvey,
  lost: PostHogApiError,
): WireSurvey {
  const reasons = whyNotOurs(found, project, survey);
  if (reasons.length > 0) {
    // Not this run's to delete either, as for an interrupted run's survey (takeOverInterrupted).
    markRefused("survey", found.id, survey.urn);
    throw new Error(
      `${noAnswer(lost)}, so it was not sent again, and this run's POST created survey ${found.id} in project ` +
        `${project} (unless that survey held the name before, and PostHog refused the POST); it could not be ` +
        `proven to be this resource's: ${reasons.join("; ")}. It is left in PostHog as it is, and this stack does ` +
        `not record it. ${waysOut(found.id, survey.urn)}`,
    );
  }
  warn(
    `${survey.label}: ${noAnswer(lost)}; it was not sent again, and PostHog applied it late: recorded survey ` +
      `${found.id} in project ${project}, which this run's POST created (it carries this resource's question ids).`,
  );
  return found;
}

/** What the user can do about a survey that holds the name and is not provably this resource's. */
function waysOut(id: string, urn: string | undefined): string {
  return renameWaysOut({
    id,
    urn,
    adopt: { id },
    token: RESOURCE_TOKENS.Survey,
  });
}
