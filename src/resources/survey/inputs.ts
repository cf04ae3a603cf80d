// The input rules a Survey's fields are built from (zod), mirroring what PostHog rejects
// (docs/contributing/posthog-behaviour.md#survey-validation) so a bad survey fails at preview. Each field's rule sits in its
// row of the field table (fields.ts); validate.ts runs them with the rules that span fields. Nested
// question/appearance/conditions keys keep PostHog's camelCase.
import { z } from "zod";
import { DATE_TIME_EXAMPLE, DATE_TIME_FORMS, dateTimeProblem } from "../../provider-kit/date-time";
import { SURVEY_TYPES } from "./types";
import { nonBlank } from "../../provider-kit/text-rules";
import { docsFrom } from "../../provider-kit/docs-from";
import { appearanceRule } from "./settings/appearance-rule";
import { conditionsRule } from "./settings/conditions-rule";
import { questionRule } from "./settings/questions-rule";

/** Types the interface description still lists but current PostHog refuses: check warns instead of failing. */
export const RETIRED_SURVEY_TYPES = ["button", "email", "full_screen"] as const;
/** The types current PostHog accepts. PostHog: products/surveys/backend/models (Survey.SurveyType). */
export const CURRENT_SURVEY_TYPES = SURVEY_TYPES.filter(
  (type) => !RETIRED_SURVEY_TYPES.some((retired) => retired === type),
);
export { QUESTION_TYPES } from "./settings/questions";
/** Each flag input that takes an id, and the one that names the same flag by key instead. */
export const FLAG_KEY_INPUTS = {
  linkedFlagId: "linkedFlagKey",
  targetingFlagId: "targetingFlagKey",
} as const;

export const FIX_TYPE = `Use one of: ${SURVEY_TYPES.join(", ")}.`;

const flagId = (what: string) =>
  z
    .number({ error: `${what} must be a feature flag id (an integer).` })
    .int(`${what} must be an integer feature flag id.`)
    .positive(`${what} must be a positive feature flag id.`)
    .nullable();

// PostHog: posthog/api/feature_flag.py, FeatureFlagSerializer.validate_key (letters, digits, "-" and "_").
const flagKey = (what: string) =>
  z
    .string({ error: `${what} must be a feature flag key (a string).` })
    .regex(/^[a-zA-Z0-9_-]+$/, `${what} must be a feature flag key: letters, numbers, "-" and "_" only.`)
    .nullable();

const dateInput = (what: string) =>
  z
    .string({ error: `${what} must be an ISO 8601 date-time string (for example "${DATE_TIME_EXAMPLE}").` })
    .check((ctx) => {
      const problem = dateTimeProblem(ctx.value);
      if (problem === undefined) return;
      ctx.issues.push({
        code: "custom",
        input: ctx.value,
        message:
          `${what} "${ctx.value}" is not a valid date-time: ${problem}. Write it as ${DATE_TIME_FORMS}, ` +
          `for example "${DATE_TIME_EXAMPLE}".`,
      });
    })
    .nullable();

const targetingFlagFilters = z
  .object(
    {
      groups: z
        .array(
          z
            .object({
              properties: z.array(z.record(z.string(), z.unknown())).optional(),
              rollout_percentage: z.number().min(0).max(100).nullable().optional(),
              variant: z.string().nullable().optional(),
            })
            .loose()
            .meta(docsFrom("TargetingFlagGroup")),
          { error: "targetingFlagFilters.groups must be a list of release-condition groups." },
        )
        .min(1, "targetingFlagFilters.groups needs at least one group."),
    },
    {
      error:
        "targetingFlagFilters must be an object like {groups: [{properties: [...], rollout_percentage: 100}]}.",
    },
  )
  .loose()
  .meta(docsFrom("TargetingFlagFilters"))
  .nullable();

/** A positive integer id of another PostHog object (an insight), or null for none. */
const positiveId = (what: string, kind: string) => {
  const message = `${what} must be the id of ${kind} (a positive integer), or null for none.`;
  return z.number({ error: message }).int(message).positive(message).nullable();
};

// The rules the field table's rows use.
export {
  positiveId,
  appearanceRule as appearance,
  conditionsRule as conditions,
  dateInput,
  flagId,
  flagKey,
  nonBlank,
  questionRule as question,
  targetingFlagFilters,
};
