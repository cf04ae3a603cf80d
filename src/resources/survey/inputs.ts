// User-input validation for Survey, run by `check` before any HTTP request. It mirrors what PostHog rejects
// (docs/posthog-behaviour.md#survey-validation) so a bad survey fails at preview, and adds what only a provider can know
// (unknown keys, end before start). Nested question/appearance/conditions keys keep PostHog's camelCase.
import { z } from "zod";
import { DATE_TIME_EXAMPLE, DATE_TIME_FORMS, dateTimeProblem } from "../../provider-kit/date-time";
import { CheckFailure, failuresFromZod, unknownKeyFailures } from "../../provider-kit/check-failures";
import { containsUnknown } from "../../provider-kit/unknown";
import { SURVEY_SCHEDULES, SURVEY_STATUSES, SURVEY_TYPES, type SurveyInputs } from "./types";
import type { FitsPublic } from "../../provider-kit/public-shape";
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

const FIX_TYPE = `Use one of: ${SURVEY_TYPES.join(", ")}.`;

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

export const surveyShape = {
  projectId: z
    .union([z.string(), z.number().int().positive()], {
      error: "projectId must be a project id (number or string).",
    })
    .refine((v) => String(v).trim().length > 0, { message: "projectId must not be empty." })
    .transform((v) => String(v)) // check passes it on as a string
    .optional(),
  name: nonBlank("name").refine((s) => s.length <= 400, {
    message: "name is longer than 400 characters. Shorten it.",
  }),
  description: z.string({ error: "description must be a string." }).optional(),
  type: z.enum(SURVEY_TYPES, {
    error: (issue) => `type ${JSON.stringify(issue.input)} is not a known survey type. ${FIX_TYPE}`,
  }),
  linkedFlagId: flagId("linkedFlagId").optional(),
  targetingFlagId: flagId("targetingFlagId").optional(),
  linkedFlagKey: flagKey("linkedFlagKey").optional(),
  targetingFlagKey: flagKey("targetingFlagKey").optional(),
  targetingFlagFilters: targetingFlagFilters.optional(),
  removeTargetingFlag: z.boolean({ error: "removeTargetingFlag must be true or false." }).optional(),
  questions: z
    .array(question, {
      error: 'questions must be a list of question objects, e.g. [{type: "open", question: "…"}].',
    })
    .optional(),
  conditions: conditions.optional(),
  appearance: appearance.optional(),
  startDate: dateInput("startDate").optional(),
  endDate: dateInput("endDate").optional(),
  status: z
    .enum(SURVEY_STATUSES, { error: `status must be one of: ${SURVEY_STATUSES.join(", ")}.` })
    .optional(),
  archived: z.boolean({ error: "archived must be true or false." }).optional(),
  schedule: z
    .enum(SURVEY_SCHEDULES, { error: "schedule must be one of: once, recurring, always." })
    .optional(),
  responsesLimit: z
    .number({ error: "responsesLimit must be a number." })
    .int("responsesLimit must be a whole number.")
    .positive("responsesLimit must be a positive number (or null for no limit).")
    .nullable()
    .optional(),
  iterationCount: z
    .number({ error: "iterationCount must be a number." })
    .int("iterationCount must be a whole number.")
    .min(0, "iterationCount must be between 0 and 500.")
    .max(500, "iterationCount must be between 0 and 500.")
    .nullable()
    .optional(),
  iterationFrequencyDays: z
    .number({ error: "iterationFrequencyDays must be a number." })
    .int("iterationFrequencyDays must be a whole number of days.")
    .min(1, "iterationFrequencyDays must be between 1 and 365.")
    .max(365, "iterationFrequencyDays must be between 1 and 365.")
    .nullable()
    .optional(),
  enablePartialResponses: z.boolean({ error: "enablePartialResponses must be true or false." }).optional(),
  // PostHog: products/surveys/backend/api/survey.py, validate_base_language (BCP47_LANGUAGE_CODE_RE after
  // _normalize_language_code). PostHog reads an empty value as "en"; the provider asks for the code instead.
  baseLanguage: z
    .string({ error: 'baseLanguage must be a language code such as "en" or "pt-BR".' })
    .refine(
      (code) => /^[a-z]{2,3}(-[a-z0-9]{2,8}){0,3}$/.test(code.trim().toLowerCase().replace(/_/g, "-")),
      {
        message: 'baseLanguage must be a language code such as "en" or "pt-BR".',
      },
    )
    .optional(),
  adopt: z
    .object(
      {
        id: z.string().min(1, "adopt.id must be the id (UUID) of an existing survey.").optional(),
        name: nonBlank("adopt.name").optional(),
      },
      {
        error: (issue) =>
          issue.code === "unrecognized_keys"
            ? `adopt takes only "id" or "name", not ${issue.keys.map((k) => `"${k}"`).join(", ")}.`
            : 'adopt must be an object: {id: "<survey uuid>"} or {name: "<exact survey name>"}.',
      },
    )
    .strict()
    .refine((a) => a.id !== undefined || a.name !== undefined, {
      message: 'adopt needs an id or a name: {id: "<survey uuid>"} or {name: "<exact survey name>"}.',
    })
    .optional(),
} as const;

type SurveyField = keyof typeof surveyShape;

/** Top-level inputs a Survey accepts (camelCase; mapped to snake_case on the wire). */
export const SURVEY_INPUT_KEYS = Object.keys(surveyShape) as SurveyField[];

/** Largest request body PostHog accepts (Django's default upload limit). */
const MAX_BODY_BYTES = 2_621_440;

/** An id and a key for the same flag contradict each other: declare one. */
function flagKeyFailures(
  inputs: Record<string, unknown>,
  known: (key: SurveyField) => boolean,
): CheckFailure[] {
  return Object.entries(FLAG_KEY_INPUTS).flatMap(([idInput, keyInput]) =>
    known(idInput as SurveyField) &&
    known(keyInput) &&
    inputs[idInput] !== undefined &&
    inputs[keyInput] !== undefined
      ? [
          {
            property: keyInput,
            reason: `${idInput} and ${keyInput} both name the survey's flag. Declare only one of them.`,
          },
        ]
      : [],
  );
}

/** A declared status must agree with declared dates (docs/survey-lifecycle.md). */
function statusFailures(
  inputs: Record<string, unknown>,
  known: (key: SurveyField) => boolean,
): CheckFailure[] {
  const status = inputs.status;
  if (!known("status") || status === undefined) return [];
  const contradiction = (property: string, reason: string): CheckFailure[] => [
    { property, reason: `status "${String(status)}" contradicts ${reason}` },
  ];
  const startNull = known("startDate") && inputs.startDate === null;
  const endSet = known("endDate") && typeof inputs.endDate === "string";
  const endNull = known("endDate") && inputs.endDate === null;
  if (status === "draft" && known("startDate") && typeof inputs.startDate === "string") {
    return contradiction(
      "startDate",
      'startDate: a start date launches the survey (or schedules its launch). Use status "running", or remove startDate.',
    );
  }
  if (status === "draft" && endSet) {
    return contradiction("endDate", "endDate: a draft has no end date. Remove endDate.");
  }
  if (status !== "draft" && startNull) {
    return contradiction(
      "startDate",
      "startDate: null (never launched). Remove startDate, or give the launch date.",
    );
  }
  // status "running" with an endDate is a scheduled stop ("runs until"): allowed. One already past is refused
  // by lifecycle-rules.ts, and only when it is new, so time passing never fails an unchanged program.
  if (status === "stopped" && endNull) {
    return contradiction("endDate", "endDate: null (not stopped). Remove endDate, or give the stop date.");
  }
  return [];
}

/** Rules that span fields. Each only runs when the fields it needs are known. */
function crossFieldFailures(
  inputs: Record<string, unknown>,
  known: (key: SurveyField) => boolean,
): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const start = inputs.startDate;
  const end = inputs.endDate;
  if (known("startDate") && known("endDate") && typeof start === "string" && typeof end === "string") {
    if (Date.parse(end) < Date.parse(start)) {
      failures.push({
        property: "endDate",
        reason: `endDate (${end}) is before startDate (${start}). Set endDate after startDate, or remove it.`,
      });
    }
  }
  failures.push(...flagKeyFailures(inputs, known), ...statusFailures(inputs, known));
  const questions = Array.isArray(inputs.questions) ? (inputs.questions as Record<string, unknown>[]) : [];
  const appearance = inputs.appearance as Record<string, unknown> | null | undefined;
  if (known("questions") && known("appearance") && appearance?.shuffleQuestions === true) {
    if (questions.some((q) => q && q.branching !== undefined)) {
      failures.push({
        property: "appearance",
        reason:
          "appearance.shuffleQuestions cannot be used together with question branching. Disable one of the two.",
      });
    }
  }
  if (known("questions")) {
    const ids = questions.map((q) => q?.id).filter((id): id is string => typeof id === "string");
    const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
    if (duplicate) {
      failures.push({
        property: "questions",
        reason: `question id "${duplicate}" is used twice. Question ids must be unique.`,
      });
    }
    questions.forEach((q, i) => {
      const b = q?.branching as { type?: string; index?: number } | undefined;
      if (b?.type === "specific_question" && typeof b.index === "number" && b.index >= questions.length) {
        failures.push({
          property: "questions",
          reason: `questions[${i}].branching.index ${b.index} points past the last question (${questions.length - 1}).`,
        });
      }
    });
  }
  const conditions = inputs.conditions as Record<string, unknown> | null | undefined;
  const linked = (["linkedFlagId", "linkedFlagKey"] as const).filter((k) => inputs[k] != null);
  if (
    known("conditions") &&
    known("linkedFlagId") &&
    known("linkedFlagKey") &&
    conditions?.linkedFlagVariant
  ) {
    if (linked.length === 0) {
      failures.push({
        property: "conditions",
        reason:
          "conditions.linkedFlagVariant can only be used when linkedFlagId or linkedFlagKey is set. Set one or remove the variant.",
      });
    }
  }
  if (known("type") && inputs.type === "external_survey") {
    for (const key of ["linkedFlagId", "linkedFlagKey", "targetingFlagFilters"] as const) {
      if (known(key) && inputs[key] !== undefined && inputs[key] !== null) {
        failures.push({
          property: key,
          reason: `${key} is not allowed for external surveys. Remove it or change type.`,
        });
      }
    }
  }
  if (known("removeTargetingFlag") && known("targetingFlagFilters") && inputs.removeTargetingFlag === true) {
    if (inputs.targetingFlagFilters) {
      failures.push({
        property: "removeTargetingFlag",
        reason: "removeTargetingFlag: true contradicts targetingFlagFilters. Set one or the other.",
      });
    }
  }
  const size = Buffer.byteLength(JSON.stringify(inputs));
  if (size > MAX_BODY_BYTES) {
    const sizeOf = (key: string) => Buffer.byteLength(JSON.stringify(inputs[key] ?? null));
    const largest = Object.keys(inputs)
      .filter((key) => key !== "__provider")
      .reduce((a, b) => (sizeOf(a) >= sizeOf(b) ? a : b));
    failures.push({
      property: largest,
      reason: `the survey is ${size} bytes, over PostHog's request limit of ${MAX_BODY_BYTES}; ${largest} alone is ${sizeOf(largest)} bytes. Shorten it.`,
    });
  }
  return failures;
}

/**
 * Validates survey inputs. Fields holding a preview-unknown value are skipped (they are checked again at `up`).
 * Returns an empty list when the survey is valid.
 */
export function validateSurveyInputs(inputs: Record<string, unknown>): CheckFailure[] {
  const known = (key: SurveyField) => !containsUnknown(inputs[key]);
  const failures: CheckFailure[] = unknownKeyFailures(inputs, SURVEY_INPUT_KEYS);
  if (known("questions") && Array.isArray(inputs.questions)) {
    inputs.questions.forEach((q: unknown, i) => {
      if (q === null || typeof q !== "object" || Array.isArray(q)) {
        failures.push({
          property: "questions",
          reason: `questions[${i}] must be an object like {type: "open", question: "…"}, got ${JSON.stringify(q)}.`,
        });
      }
    });
  }
  const badQuestionShape = failures.some((f) => f.property === "questions");
  for (const key of Object.keys(surveyShape) as SurveyField[]) {
    if (!known(key) || (key === "questions" && badQuestionShape)) continue;
    const result = surveyShape[key].safeParse(inputs[key]);
    if (!result.success) {
      const missing = inputs[key] === undefined;
      if (missing && key === "name") {
        failures.push({
          property: "name",
          reason: "name is required. Give the survey a name (at most 400 characters).",
        });
      } else if (missing && key === "type") {
        failures.push({ property: "type", reason: `type is required. ${FIX_TYPE}` });
      } else {
        failures.push(...failuresFromZod(result.error, [key]));
      }
    }
  }
  if (failures.length === 0) failures.push(...crossFieldFailures(inputs, known));
  return failures;
}

// The public SurveyInputs (resources/survey/types.ts) is the one place for the input shape.
const _surveyShapeFits: FitsPublic<typeof surveyShape, SurveyInputs> = true;
