// A survey create that clashes on its name: is the survey holding the name the one an interrupted run made?
// PostHog refuses a second survey with a name already used in the project (products/surveys/backend/api/survey.py,
// SurveySerializerCreateUpdateOnly.validate: "There is already a survey with this name.", code "unique"), so the
// clash costs no extra request in the normal path; only a clash looks anything up.
import type { PostHogClient } from "../../client";
import type { WireSurvey } from "../../client";
import { claimForTakeOver } from "../../provider-kit/interrupted";
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
 * The survey named like `inputs` if it is the one this create would have made: the declared fields as PostHog
 * stores them (the field table's comparisons, as diff uses them), made by the key's own user, and not already
 * taken by another resource of this run. Otherwise throws (the caller prefixes the resource), naming `adopt`
 * and what differs.
 */
export async function takeOverInterrupted(
  client: PostHogClient,
  project: string,
  inputs: Json,
  label: string,
  clash: Error,
): Promise<WireSurvey> {
  const name = String(inputs.name);
  const [existing, me] = await Promise.all([client.surveys.findByName(project, name), client.users.me()]);
  // Gone since the clash (deleted in between): nothing to take over, report the clash as it was.
  if (!existing) throw clash;
  const differing = differingFields(existing, project, inputs).filter((field) => !LIFECYCLE.includes(field));
  const creator = existing.created_by;
  const ours = Boolean(creator?.uuid) && creator?.uuid === me.uuid;
  const reasons = [
    ...(differing.length > 0 ? [`it differs from this program in ${differing.join(", ")}`] : []),
    ...(ours ? [] : [`it was created by ${creator?.email ?? "an unknown user"}, not by this API key's user`]),
  ];
  if (reasons.length === 0 && !claimForTakeOver("survey", existing.id))
    reasons.push("another resource of this run already manages it");
  if (reasons.length > 0) {
    throw new Error(
      `${clash.message.replace(/\.$/, "")}. Survey ${existing.id} holds the name, and it is not one an ` +
        `interrupted run left behind: ${reasons.join("; ")}. To manage it with Pulumi, set ` +
        `adopt: {name: ${JSON.stringify(name)}} (the next up brings it to the declared state), or rename this survey.`,
    );
  }
  warn(
    `${label}: took over survey ${existing.id} in project ${project}, which an earlier run created and did not ` +
      "record (it was interrupted): same name and content, created by this API key's user. No second survey was created.",
  );
  return existing;
}
