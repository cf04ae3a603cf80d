// The input rules a Survey's fields are built from (zod), mirroring what PostHog rejects
// (docs/posthog-behaviour.md#survey-validation) so a bad survey fails at preview. Each field's rule sits in its
// row of the field table (fields.ts); validate.ts runs them with the rules that span fields. Nested
// question/appearance/conditions keys keep PostHog's camelCase.
import { z } from "zod";
import { DATE_TIME_EXAMPLE, DATE_TIME_FORMS, dateTimeProblem } from "../../provider-kit/date-time";
import { SURVEY_TYPES } from "./types";
import { stripLikeDrf } from "../../provider-kit/normal-form";

/** Types the interface description still lists but current PostHog refuses: check warns instead of failing. */
export const RETIRED_SURVEY_TYPES = ["button", "email", "full_screen"] as const;
/** The types current PostHog accepts. PostHog: products/surveys/backend/models (Survey.SurveyType). */
export const CURRENT_SURVEY_TYPES = SURVEY_TYPES.filter(
  (type) => !(RETIRED_SURVEY_TYPES as readonly string[]).includes(type),
);
export const QUESTION_TYPES = ["open", "link", "rating", "single_choice", "multiple_choice"] as const;
/** Each flag input that takes an id, and the one that names the same flag by key instead. */
export const FLAG_KEY_INPUTS = {
  linkedFlagId: "linkedFlagKey",
  targetingFlagId: "targetingFlagKey",
} as const;

export const FIX_TYPE = `Use one of: ${SURVEY_TYPES.join(", ")}.`;

// Blank as PostHog sees it: empty once Python's str.strip() has run (DRF's CharField, PostHog's `choice.strip()`),
// whose whitespace differs from String.prototype.trim (normal-form.ts).
const nonBlank = (what: string) =>
  z.string({ error: `${what} must be a string.` }).refine((s) => stripLikeDrf(s).length > 0, {
    message: `${what} must not be empty.`,
  });

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

function validLink(link: string): string | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return "Link must be a URL with one of these schemes: [https, mailto]. Fix: use https://… or mailto:….";
  }
  if (url.protocol === "mailto:") {
    return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(decodeURIComponent(url.pathname))
      ? undefined
      : "Invalid mailto link. Use mailto:name@example.com.";
  }
  if (url.protocol !== "https:") {
    return `Link must be a URL with one of these schemes: [https, mailto], got "${url.protocol.replace(":", "")}". Fix: use https://… or mailto:….`;
  }
  return url.hostname ? undefined : "Invalid HTTPS URL: it has no host.";
}

const branching = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("next_question") }).loose(),
    z.object({ type: z.literal("end") }).loose(),
    z
      .object({
        type: z.literal("specific_question"),
        index: z.number().int().nonnegative("branching.index must be a question index (0 or more)."),
      })
      .loose(),
    z
      .object({
        type: z.literal("response_based"),
        responseValues: z.record(
          z.string(),
          z.union([z.number().int().nonnegative(), z.literal("end")], {
            error: 'responseValues entries must be a question index or "end".',
          }),
        ),
      })
      .loose(),
  ],
  { error: "branching.type must be one of: next_question, end, specific_question, response_based." },
);

const questionBase = {
  id: z.string().min(1, "question id must not be empty.").optional(),
  question: nonBlank("question text (`question`)"),
  description: z.string().optional(),
  descriptionContentType: z
    .enum(["text", "html"], { error: 'descriptionContentType must be "text" or "html".' })
    .optional(),
  optional: z.boolean({ error: "optional must be true or false." }).optional(),
  buttonText: z.string().optional(),
  branching: branching.optional(),
};

const choices = z
  .array(z.string({ error: "each choice must be a string." }), {
    error: "choices must be a list of strings.",
  })
  .min(1, "a choice question needs at least one choice.")
  .refine((list) => list.every((c) => stripLikeDrf(c).length > 0), {
    message: "choices must not contain an empty choice.",
  });

const question = z.discriminatedUnion(
  "type",
  [
    z.object({ ...questionBase, type: z.literal("open") }).loose(),
    z
      .object({
        ...questionBase,
        type: z.literal("link"),
        link: z
          .string()
          .optional()
          .superRefine((link, ctx) => {
            const problem = link === undefined || link === "" ? undefined : validLink(link);
            if (problem) ctx.addIssue({ code: "custom", message: problem });
          }),
      })
      .loose(),
    z
      .object({
        ...questionBase,
        type: z.literal("rating"),
        display: z
          .enum(["number", "emoji"], { error: 'rating display must be "number" or "emoji".' })
          .optional(),
        scale: z
          .number()
          .int()
          .positive("rating scale must be a positive integer (3, 5, 7 or 10).")
          .optional(),
        lowerBoundLabel: z.string().optional(),
        upperBoundLabel: z.string().optional(),
        isNpsQuestion: z.boolean().optional(),
      })
      .loose(),
    z
      .object({
        ...questionBase,
        type: z.literal("single_choice"),
        choices,
        shuffleOptions: z.boolean().optional(),
        hasOpenChoice: z.boolean().optional(),
      })
      .loose(),
    z
      .object({
        ...questionBase,
        type: z.literal("multiple_choice"),
        choices,
        shuffleOptions: z.boolean().optional(),
        hasOpenChoice: z.boolean().optional(),
      })
      .loose(),
  ],
  { error: `question type must be one of: ${QUESTION_TYPES.join(", ")}.` },
);

const conditions = z
  .object(
    {
      url: z.string().optional(),
      urlMatchType: z
        .enum(["regex", "not_regex", "exact", "is_not", "icontains", "not_icontains"], {
          error: "urlMatchType must be one of: regex, not_regex, exact, is_not, icontains, not_icontains.",
        })
        .optional(),
      selector: z.string().optional(),
      seenSurveyWaitPeriodInDays: z
        .number()
        .int()
        .nonnegative("seenSurveyWaitPeriodInDays must be 0 or more days.")
        .nullable()
        .optional(),
      deviceTypes: z
        .array(
          z.enum(["Desktop", "Mobile", "Tablet"], {
            error: "deviceTypes entries must be Desktop, Mobile or Tablet.",
          }),
        )
        .optional(),
      linkedFlagVariant: z.string().nullable().optional(),
      events: z
        .object({
          repeatedActivation: z.boolean().optional(),
          values: z.array(z.object({ name: nonBlank("event name") }).loose()).optional(),
        })
        .loose()
        .nullable()
        .optional(),
      actions: z
        .object({ values: z.array(z.object({ id: z.number().int() }).loose()).optional() })
        .loose()
        .nullable()
        .optional(),
    },
    { error: "conditions must be an object." },
  )
  .loose()
  .nullable();

const appearance = z
  .object(
    {
      surveyPopupDelaySeconds: z
        .number({ error: "surveyPopupDelaySeconds must be a number of seconds." })
        .nonnegative("Survey popup delay seconds must be a positive integer (0 or more).")
        .optional(),
      whiteLabel: z.boolean({ error: "whiteLabel must be a boolean." }).optional(),
      thankYouMessageDescriptionContentType: z.enum(["text", "html"]).optional(),
      widgetType: z
        .enum(["button", "tab", "selector"], { error: "widgetType must be button, tab or selector." })
        .optional(),
      shuffleQuestions: z.boolean().optional(),
    },
    { error: "appearance must be an object." },
  )
  .loose()
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
            .loose(),
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
  .nullable();

// The rules the field table's rows use.
export { appearance, conditions, dateInput, flagId, flagKey, nonBlank, question, targetingFlagFilters };
