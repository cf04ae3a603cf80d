// Survey input validation, run by `check` before any HTTP request: each field's rule from its row of the field
// table (fields.ts), the provider's own inputs (projectId, adopt), unknown keys, and the rules that span fields
// (end before start, a flag by id and by key, status against dates, …). It mirrors what PostHog rejects
// (docs/contributing/posthog-behaviour.md#survey-validation) so a bad survey fails at preview.
import { PROVIDER_INPUTS } from "../../provider-kit/declared";
import { z } from "zod";
import { CheckFailure, failuresFromZod, unknownKeyFailures } from "../../provider-kit/check-failures";
import { nulCharacterFailures } from "../../provider-kit/text-rules";
import { containsUnknown } from "../../provider-kit/unknown";
import { docsFrom } from "../../provider-kit/docs-from";
import { FIX_TYPE, FLAG_KEY_INPUTS, nonBlank } from "./inputs";
import { fieldRule, isJson, isSurveyField, jsonList, SURVEY_FIELD_NAMES } from "./fields";
import { languageCode } from "./translations";
import type { SurveyInputs, SurveyOptions } from "./types";
import { MAX_BODY_BYTES } from "../../provider-kit/request-limits";
import { inputNamed, inputSet } from "../../provider-kit/program-spelling";
import { thisFace, type Face } from "../../ownership";

/** The rules of the provider's own inputs; each field's rule is in its row of the field table. */
export const SURVEY_OPTION_RULES = {
  projectId: z
    .union([z.string(), z.number().int().positive()], {
      error: "projectId must be a project id (number or string).",
    })
    .refine((v) => String(v).trim().length > 0, { message: "projectId must not be empty." })
    .transform((v) => String(v)) // check passes it on as a string
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
    .meta(docsFrom("SurveyAdoption"))
    .refine((a) => a.id !== undefined || a.name !== undefined, {
      message: 'adopt needs an id or a name: {id: "<survey uuid>"} or {name: "<exact survey name>"}.',
    })
    .optional(),
  deletionProtection: z.boolean({ error: "deletionProtection must be true or false." }).optional(),
} satisfies { [K in keyof SurveyOptions]-?: z.ZodType<SurveyOptions[K]> };

type SurveyInputKey = keyof SurveyInputs;
const isOption = (key: string): key is keyof SurveyOptions => Object.hasOwn(SURVEY_OPTION_RULES, key);

/** Top-level inputs a Survey accepts (camelCase; mapped to snake_case on the wire). */
export const SURVEY_INPUT_KEYS: readonly SurveyInputKey[] = [
  ...Object.keys(SURVEY_OPTION_RULES).filter(isOption),
  ...SURVEY_FIELD_NAMES,
];

/** The rule of one input. */
function ruleOf(key: SurveyInputKey): z.ZodType {
  return isOption(key) ? SURVEY_OPTION_RULES[key] : fieldRule(key);
}

/** The inputs' option values (projectId as a string), for the entry points; fields come from parseFields. */
export function parseOptions(inputs: Record<string, unknown>): Partial<SurveyOptions> {
  const projectId = SURVEY_OPTION_RULES.projectId.safeParse(inputs.projectId);
  const adopt = SURVEY_OPTION_RULES.adopt.safeParse(inputs.adopt);
  const protection = SURVEY_OPTION_RULES.deletionProtection.safeParse(inputs.deletionProtection);
  return {
    ...(projectId.success && projectId.data !== undefined ? { projectId: projectId.data } : {}),
    ...(adopt.success && adopt.data !== undefined ? { adopt: adopt.data } : {}),
    ...(protection.success && protection.data !== undefined ? { deletionProtection: protection.data } : {}),
  };
}

/** An id and a key for the same flag contradict each other: declare one. */
function flagKeyFailures(
  inputs: Record<string, unknown>,
  known: (key: SurveyInputKey) => boolean,
): CheckFailure[] {
  return Object.entries(FLAG_KEY_INPUTS).flatMap(([idInput, keyInput]) =>
    isSurveyField(idInput) &&
    known(idInput) &&
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

/** A declared status must agree with declared dates (docs/guides/survey-lifecycle.md). */
function statusFailures(
  inputs: Record<string, unknown>,
  known: (key: SurveyInputKey) => boolean,
  face: Face,
): CheckFailure[] {
  const named = (key: SurveyInputKey) => inputNamed(face, key, inputs[key]);
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
      `startDate: a start date launches the survey (or schedules its launch). Use status "running", or remove ${named("startDate")}.`,
    );
  }
  if (status === "draft" && endSet) {
    return contradiction("endDate", `endDate: a draft has no end date. Remove ${named("endDate")}.`);
  }
  if (status !== "draft" && startNull) {
    return contradiction(
      "startDate",
      `startDate: null (never launched). Remove ${named("startDate")}, or give the launch date.`,
    );
  }
  // status "running" with an endDate is a scheduled stop ("runs until"): allowed. One already past is refused
  // by lifecycle-rules.ts, and only when it is new, so time passing never fails an unchanged program.
  if (status === "stopped" && endNull) {
    return contradiction(
      "endDate",
      `endDate: null (not stopped). Remove ${named("endDate")}, or give the stop date.`,
    );
  }
  return [];
}

/**
 * PostHog: survey.py, SurveySerializerCreateUpdateOnly.validate: a positive response_sampling_limit with a
 * positive interval needs a start date ("Response sampling start date should be set …"); without an interval
 * PostHog fails with a server error, so the provider asks for both. Not when adopting: PostHog may already hold
 * a limit without them (it checks only a request that carries them), and the program declares what it holds.
 */
function samplingFailures(
  inputs: Record<string, unknown>,
  known: (key: SurveyInputKey) => boolean,
  face: Face,
): CheckFailure[] {
  const limit = inputs.responseSamplingLimit;
  if (!known("responseSamplingLimit") || typeof limit !== "number" || limit <= 0) return [];
  if (inputs.adopt !== undefined) return [];
  const missing = (["responseSamplingInterval", "responseSamplingStartDate"] as const).filter(
    (key) => known(key) && (inputs[key] === undefined || inputs[key] === null),
  );
  return missing.map((key) => ({
    property: key,
    reason: `responseSamplingLimit (${limit}) needs ${key}: set ${inputNamed(face, key)}, or remove ${inputNamed(face, "responseSamplingLimit", limit)}.`,
  }));
}

/**
 * PostHog: survey.py, _validate_translation_language_key: a translation in the base language is refused (the
 * original text already covers it), in the survey's translations and in each question's
 * (_validate_question_translations passes the same base language).
 */
function baseLanguageFailures(
  inputs: Record<string, unknown>,
  known: (key: SurveyInputKey) => boolean,
  face: Face,
): CheckFailure[] {
  if (!known("baseLanguage")) return [];
  const base = languageCode(inputs.baseLanguage ?? "en");
  const inBase = (property: SurveyInputKey, path: string, map: unknown): CheckFailure[] =>
    isJson(map)
      ? Object.keys(map)
          .filter((key) => languageCode(key) === base)
          .map((key) => ({
            property,
            reason: `${path}.${key} is the survey's base language ("${String(base)}"): its texts are the survey's own. Remove the translation, or set ${inputNamed(face, "baseLanguage")} to the texts' language.`,
          }))
      : [];
  return [
    ...(known("translations") ? inBase("translations", "translations", inputs.translations) : []),
    ...(known("questions")
      ? jsonList(inputs.questions).flatMap((q, i) =>
          inBase("questions", `questions[${i}].translations`, q.translations),
        )
      : []),
  ];
}

/**
 * A branch must lead to a question the survey has. PostHog does not check this: SurveySerializerCreateUpdateOnly
 * (products/surveys/backend/api/survey.py, validate_questions and validate) stores `branching` as sent, its
 * SurveySpecificQuestionBranchingSerializer only documents `index` (an integer from 0) for the API schema, and
 * its editor offers only existing questions as targets. The SDK then jumps to whatever index is stored
 * (posthog-js, packages/browser-common/src/surveys/survey-branching.ts, getNextSurveyStep), so a branch past the
 * last question leaves the respondent on a question that does not exist. Refused here, at preview.
 */
function branchTargetFailures(questions: readonly Record<string, unknown>[]): CheckFailure[] {
  const count = questions.length;
  const fix =
    `the survey has ${count} question${count === 1 ? "" : "s"}, numbered from 0. ` +
    `Branch to ${count === 1 ? "question 0" : `a question from 0 to ${count - 1}`}, or end the survey with`;
  const missing = (path: string, target: unknown, end: string): CheckFailure[] =>
    typeof target === "number" && target >= count
      ? [
          {
            property: "questions",
            reason: `${path} is ${target}, but there is no question ${target}: ${fix} ${end}.`,
          },
        ]
      : [];
  return questions.flatMap((q, i) => {
    const b = isJson(q.branching) ? q.branching : {};
    if (b.type === "specific_question") {
      return missing(`questions[${i}].branching.index`, b.index, '{type: "end"}');
    }
    if (b.type === "response_based" && isJson(b.responseValues)) {
      return Object.entries(b.responseValues).flatMap(([response, target]) =>
        missing(`questions[${i}].branching.responseValues.${response}`, target, '"end"'),
      );
    }
    return [];
  });
}

/** Rules that span fields. Each only runs when the fields it needs are known. */
function crossFieldFailures(
  inputs: Record<string, unknown>,
  known: (key: SurveyInputKey) => boolean,
  face: Face,
): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const start = inputs.startDate;
  const end = inputs.endDate;
  // A stopped survey's dates are a record of what happened, and PostHog holds surveys stopped before the start
  // date they were scheduled for: only a survey still to run (or to be launched) needs the order.
  const stopped = known("status") && inputs.status === "stopped";
  if (
    known("startDate") &&
    known("endDate") &&
    typeof start === "string" &&
    typeof end === "string" &&
    !stopped
  ) {
    if (Date.parse(end) < Date.parse(start)) {
      failures.push({
        property: "endDate",
        reason: `endDate (${end}) is before startDate (${start}). Set ${inputNamed(face, "endDate")} after startDate, or remove it.`,
      });
    }
  }
  failures.push(...flagKeyFailures(inputs, known), ...statusFailures(inputs, known, face));
  const questions = jsonList(inputs.questions);
  const appearance = isJson(inputs.appearance) ? inputs.appearance : {};
  if (known("questions") && known("appearance") && appearance.shuffleQuestions === true) {
    if (questions.some((q) => q.branching !== undefined)) {
      failures.push({
        property: "appearance",
        reason:
          "appearance.shuffleQuestions cannot be used together with question branching. Disable one of the two.",
      });
    }
  }
  if (known("questions")) {
    const ids = questions.map((q) => q.id).filter((id): id is string => typeof id === "string");
    const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
    if (duplicate) {
      failures.push({
        property: "questions",
        reason: `question id "${duplicate}" is used twice. Question ids must be unique.`,
      });
    }
    failures.push(...branchTargetFailures(questions));
  }
  const conditions = isJson(inputs.conditions) ? inputs.conditions : {};
  const linked = (["linkedFlagId", "linkedFlagKey"] as const).filter((k) => inputs[k] != null);
  if (
    known("conditions") &&
    known("linkedFlagId") &&
    known("linkedFlagKey") &&
    conditions.linkedFlagVariant
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
          reason: `${key} is not allowed for external surveys. Remove it or change ${inputNamed(face, "type")}.`,
        });
      }
    }
  }
  failures.push(...samplingFailures(inputs, known, face), ...baseLanguageFailures(inputs, known, face));
  if (known("removeTargetingFlag") && known("targetingFlagFilters") && inputs.removeTargetingFlag === true) {
    if (inputs.targetingFlagFilters) {
      failures.push({
        property: "removeTargetingFlag",
        reason: `${inputSet(face, "removeTargetingFlag", true)} contradicts targetingFlagFilters. Set one or the other.`,
      });
    }
  }
  const size = Buffer.byteLength(JSON.stringify(inputs));
  if (size > MAX_BODY_BYTES) {
    const sizeOf = (key: string) => Buffer.byteLength(JSON.stringify(inputs[key] ?? null));
    const largest = Object.keys(inputs)
      .filter((key) => !PROVIDER_INPUTS.includes(key))
      .reduce((a, b) => (sizeOf(a) >= sizeOf(b) ? a : b));
    failures.push({
      property: largest,
      reason: `the survey is ${size} bytes, over PostHog's request limit of ${MAX_BODY_BYTES} (DATA_UPLOAD_MAX_MEMORY_SIZE); ${largest} alone is ${sizeOf(largest)} bytes. Shorten it.`,
    });
  }
  return failures;
}

/**
 * Validates survey inputs. Fields holding a preview-unknown value are skipped (they are checked again at `up`).
 * Returns an empty list when the survey is valid. A fix names inputs as the program's language writes them
 * (program-spelling.ts): the face's, unless `face` says otherwise.
 */
export function validateSurveyInputs(
  inputs: Record<string, unknown>,
  face: Face = thisFace(),
): CheckFailure[] {
  const known = (key: SurveyInputKey) => !containsUnknown(inputs[key]);
  const failures: CheckFailure[] = [
    ...unknownKeyFailures(inputs, SURVEY_INPUT_KEYS),
    ...nulCharacterFailures(inputs),
  ];
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
  for (const key of SURVEY_INPUT_KEYS) {
    if (!known(key) || (key === "questions" && badQuestionShape)) continue;
    const result = ruleOf(key).safeParse(inputs[key]);
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
  if (failures.length === 0) failures.push(...crossFieldFailures(inputs, known, face));
  return failures;
}
