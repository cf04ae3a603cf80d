// The check rule for `questions` (public types: questions.ts). PostHog's own checks:
// products/surveys/backend/api/survey.py, SurveySerializerCreateUpdateOnly.validate_questions (question text,
// choices, links, content types, open-text validation rules), _validate_question_translations and
// _validate_translation_language_key (translations), _validate_and_sanitize_link. What PostHog would silently
// drop or rewrite is refused too, so a declared question converges. The rating scale follows PostHog's editor
// (questions.ts, RATING_SCALES). Rules that span questions (ids, branching targets) are in validate.ts.
import { z } from "zod";
import type { FitsPublic } from "../../../provider-kit/public-shape";
import { stripLikeDrf } from "../../../provider-kit/normal-form";
import { nonBlank } from "../../../provider-kit/text-rules";
import { docsFrom } from "../../../provider-kit/docs-from";
import {
  QUESTION_TYPES,
  RATING_SCALES,
  type QuestionType,
  VALIDATION_RULE_TYPES,
  type ChoiceQuestion,
  type LinkQuestion,
  type OpenQuestion,
  type QuestionTranslation,
  type QuestionValidationRule,
  type RatingQuestion,
} from "./questions";
import { inputNamed } from "../../../provider-kit/program-spelling";
import { extraRule, keysOfOtherVariants, neededBy, settingsObject, type VariantNoun } from "./object-rule";
import { CONTENT_TYPES } from "./shared";
import { languageKeyIssues } from "../translations";

// PostHog: survey.py, _validate_and_sanitize_link (ALLOWED_LINK_URL_SCHEMES, EMAIL_REGEX).
function linkProblem(link: string): string | undefined {
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

const link = z.string({ error: "link must be a string." }).check((ctx) => {
  const problem = ctx.value === "" ? undefined : linkProblem(ctx.value);
  if (problem) ctx.issues.push({ code: "custom", input: ctx.value, message: problem });
});

const choices = z
  .array(z.string({ error: "each choice must be a string." }), {
    error: "choices must be a list of strings.",
  })
  .min(1, "a choice question needs at least one choice.")
  .refine((list) => list.every((c) => stripLikeDrf(c).length > 0), {
    message: "choices must not contain an empty choice.",
  });

/** The keys each kind of branching adds to its `type`. */
const BRANCH_SHAPES = {
  next_question: {},
  end: {},
  specific_question: {
    index: z
      .number({
        error: neededBy({
          missing: 'a "specific_question" branching needs index, the 0-based index of the question to go to.',
          wrongType: "branching.index must be a question index (0 or more).",
        }),
      })
      .int("branching.index must be a question index (0 or more).")
      .nonnegative("branching.index must be a question index (0 or more)."),
  },
  response_based: {
    responseValues: z.record(
      z.string(),
      z.union([z.number().int().nonnegative(), z.literal("end")], {
        error: 'responseValues entries must be a question index or "end".',
      }),
      {
        error: neededBy({
          missing:
            'a "response_based" branching needs responseValues, each answer to a question index or "end".',
          wrongType: 'responseValues must be an object of answers to a question index or "end".',
        }),
      },
    ),
  },
} as const satisfies { [type: string]: z.ZodRawShape };
type BranchType = keyof typeof BRANCH_SHAPES;
const BRANCHING: VariantNoun = {
  one: "branching",
  many: "branching",
  typeEnum: "SurveyQuestionBranchingType",
};

/** One kind of branching: its `type` and the keys that kind adds, described by its variant of QuestionBranching. */
const branch = <T extends BranchType, Shape extends z.ZodRawShape>(type: T, shape: Shape) =>
  settingsObject(
    { type: z.literal(type), ...shape },
    "branching",
    keysOfOtherVariants(BRANCH_SHAPES, type, BRANCHING),
  ).meta(docsFrom(`QuestionBranching.${type}`));

const branching = z.discriminatedUnion(
  "type",
  [
    branch("next_question", BRANCH_SHAPES.next_question),
    branch("end", BRANCH_SHAPES.end),
    branch("specific_question", BRANCH_SHAPES.specific_question),
    branch("response_based", BRANCH_SHAPES.response_based),
  ],
  { error: "branching.type must be one of: next_question, end, specific_question, response_based." },
);

const translationText = (key: string) => z.string({ error: `${key} must be a string.` }).optional();
const translationShape = {
  question: translationText("question"),
  description: translationText("description"),
  buttonText: translationText("buttonText"),
  lowerBoundLabel: translationText("lowerBoundLabel"),
  upperBoundLabel: translationText("upperBoundLabel"),
  choices: choices.optional(),
  // PostHog keeps a translated link only when it is not empty ("Empty link is treated as absent").
  link: link.refine((l) => l !== "", "an empty link is dropped by PostHog. Leave link out.").optional(),
};
const translation = settingsObject(translationShape, "a translation")
  .meta(docsFrom("QuestionTranslation"))
  .refine(
    (t) => Object.values(t).some((v) => v !== undefined),
    "an empty translation is dropped by PostHog. Give it a text or leave the language out.",
  );

// PostHog: survey.py, _validate_question_translations checks a question's language keys with the same
// _validate_translation_language_key as the survey's, so the rule is the survey's (translations.ts): "pt-BR" is
// accepted here as there, and PostHog stores it as "pt-br" (diffs compare in that form, stored-texts.ts).
const translations = z
  .record(z.string(), translation, { error: "translations must be an object keyed by language code." })
  .check((ctx) => {
    for (const { key, message } of languageKeyIssues(Object.keys(ctx.value))) {
      ctx.issues.push({ code: "custom", input: key, path: [key], message });
    }
  });

const validationRuleShape = {
  type: z.enum(VALIDATION_RULE_TYPES, {
    error: `validation rule type must be one of: ${VALIDATION_RULE_TYPES.join(", ")}.`,
  }),
  value: z
    .number({ error: "a validation rule's value must be a number." })
    .int("a validation rule's value must be a positive whole number.")
    .positive("a validation rule's value must be a positive whole number.")
    .nullable()
    .optional(),
  errorMessage: z.string({ error: "errorMessage must be a string." }).optional(),
};
const validation = z
  .array(settingsObject(validationRuleShape, "a validation rule").meta(docsFrom("QuestionValidationRule")), {
    error: 'validation must be a list of rules like {type: "min_length", value: 10}.',
  })
  .refine(
    (rules) => {
      const length = (type: string) => rules.find((r) => r.type === type)?.value;
      const min = length("min_length");
      const max = length("max_length");
      return min === undefined || min === null || max === undefined || max === null || min <= max;
    },
    { message: "Minimum length cannot be greater than maximum length." },
  );

const questionCommon = {
  id: z.string().min(1, "question id must not be empty.").optional(),
  question: nonBlank("question text (`question`)"),
  description: z.string({ error: "description must be a string." }).nullable().optional(),
  descriptionContentType: z
    .enum(CONTENT_TYPES, { error: 'descriptionContentType must be "text" or "html".' })
    .optional(),
  optional: z.boolean({ error: "optional must be true or false." }).optional(),
  buttonText: z.string({ error: "buttonText must be a string." }).optional(),
  branching: branching.optional(),
  translations: translations.optional(),
  extra: extraRule.optional(),
};

const openShape = { ...questionCommon, type: z.literal("open"), validation: validation.optional() };
const linkShape = { ...questionCommon, type: z.literal("link"), link: link.nullable().optional() };
const EMOJI_SCALES: readonly number[] = RATING_SCALES.emoji;
const ratingShape = {
  ...questionCommon,
  type: z.literal("rating"),
  display: z.enum(["number", "emoji"], { error: 'rating display must be "number" or "emoji".' }).optional(),
  scale: z
    .literal([...RATING_SCALES.emoji, ...RATING_SCALES.number.filter((n) => !EMOJI_SCALES.includes(n))], {
      error: "rating scale must be 2, 3 or 5 (emoji) or 5, 7 or 10 (number).",
    })
    .optional(),
  lowerBoundLabel: z.string({ error: "lowerBoundLabel must be a string." }).optional(),
  upperBoundLabel: z.string({ error: "upperBoundLabel must be a string." }).optional(),
  isNpsQuestion: z.boolean({ error: "isNpsQuestion must be true or false." }).optional(),
  skipSubmitButton: z.boolean({ error: "skipSubmitButton must be true or false." }).optional(),
};
const choiceShape = (type: "single_choice" | "multiple_choice") => ({
  ...questionCommon,
  type: z.literal(type),
  choices: z
    .array(z.string({ error: "each choice must be a string." }), {
      error: neededBy({
        missing: (face) =>
          `a "${type}" question needs choices, a list of at least one. Add ${inputNamed(face, "choices")}, or change its type.`,
        wrongType: "choices must be a list of strings.",
      }),
    })
    .pipe(choices),
  shuffleOptions: z.boolean({ error: "shuffleOptions must be true or false." }).optional(),
  hasOpenChoice: z.boolean({ error: "hasOpenChoice must be true or false." }).optional(),
  skipSubmitButton: z.boolean({ error: "skipSubmitButton must be true or false." }).optional(),
});

type Translated = { translations?: Record<string, { choices?: string[] }> };

/** PostHog drops a translation's choices on a question without choices, and refuses a count that differs. */
function translatedChoicesProblems(question: Translated, own: readonly string[] | undefined) {
  return Object.entries(question.translations ?? {}).flatMap(([language, t]) => {
    if (t.choices === undefined) return [];
    const message =
      own === undefined
        ? "a translation has choices only on a choice question; PostHog drops them here. Remove them."
        : t.choices.length === own.length
          ? undefined
          : `has ${t.choices.length} choices but the question has ${own.length}. Translate every choice, in order.`;
    return message ? [{ path: ["translations", language, "choices"], message }] : [];
  });
}

const withTranslatedChoices =
  <T extends Translated>(own: (q: T) => readonly string[] | undefined) =>
  (ctx: z.core.ParsePayload<T>) => {
    for (const { path, message } of translatedChoicesProblems(ctx.value, own(ctx.value))) {
      ctx.issues.push({ code: "custom", input: ctx.value, path, message });
    }
  };

const noChoices = () => undefined;

const SHAPES = {
  open: openShape,
  link: linkShape,
  rating: ratingShape,
  single_choice: choiceShape("single_choice"),
  multiple_choice: choiceShape("multiple_choice"),
} as const satisfies { [T in QuestionType]: z.ZodRawShape };

/** The typed keys of each question type (export moves any other key into `extra`). */
export const QUESTION_KEYS: { readonly [type: string]: readonly string[] } = Object.fromEntries(
  QUESTION_TYPES.map((type) => [type, Object.keys(SHAPES[type])]),
);

/** The typed keys of a question whose `type` is `type`; undefined when it names no question type. */
export function questionKeysOf(type: unknown): readonly string[] | undefined {
  return typeof type === "string" && Object.hasOwn(QUESTION_KEYS, type) ? QUESTION_KEYS[type] : undefined;
}

const QUESTION: VariantNoun = { one: "question", many: "questions", typeEnum: "SurveyQuestionType" };

/** The public type whose doc comments describe each question type's keys. */
const QUESTION_DOCS = {
  open: "OpenQuestion",
  link: "LinkQuestion",
  rating: "RatingQuestion",
  single_choice: "ChoiceQuestion",
  multiple_choice: "ChoiceQuestion",
} as const satisfies { [T in QuestionType]: string };

const question = <T extends QuestionType>(type: T) =>
  settingsObject(
    SHAPES[type],
    `a question of type "${type}"`,
    keysOfOtherVariants(SHAPES, type, QUESTION),
  ).meta(docsFrom(QUESTION_DOCS[type]));

/** One question: an object whose keys depend on its `type`. */
export const questionRule = z.discriminatedUnion(
  "type",
  [
    question("open").check(withTranslatedChoices(noChoices)),
    question("link").check(withTranslatedChoices(noChoices)),
    question("rating")
      .check(withTranslatedChoices(noChoices))
      .check((ctx) => {
        const { display, scale } = ctx.value;
        if (display === undefined || scale === undefined) return;
        const allowed: readonly number[] = RATING_SCALES[display];
        if (allowed.includes(scale)) return;
        ctx.issues.push({
          code: "custom",
          input: scale,
          path: ["scale"],
          message: `a rating with display "${display}" takes a scale of ${allowed.join(", ")}, not ${scale}.`,
        });
      }),
    question("single_choice").check(withTranslatedChoices((q) => q.choices)),
    question("multiple_choice").check(withTranslatedChoices((q) => q.choices)),
  ],
  { error: `question type must be one of: ${QUESTION_TYPES.join(", ")}.` },
);

// The public question types (questions.ts) are the one place for the shapes; these fail to compile on a drift.
const _openFits: FitsPublic<typeof openShape, OpenQuestion> = true;
const _linkFits: FitsPublic<typeof linkShape, LinkQuestion> = true;
const _ratingFits: FitsPublic<typeof ratingShape, RatingQuestion> = true;
const _choiceFits: FitsPublic<ReturnType<typeof choiceShape>, ChoiceQuestion> = true;
const _translationFits: FitsPublic<typeof translationShape, QuestionTranslation> = true;
const _ruleFits: FitsPublic<typeof validationRuleShape, QuestionValidationRule> = true;
