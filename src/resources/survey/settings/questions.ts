// A Survey's `questions`, one shape per question type. The keys and their types are PostHog's own:
// posthog-js packages/browser-common/src/types/surveys.ts (SurveyQuestion and its branching) and
// packages/core/src/types.ts (SurveyValidationRule, SurveyQuestionTranslation); PostHog frontend/src/types.ts
// (BasicSurveyQuestion, RatingSurveyQuestion with isNpsQuestion, …) and products/surveys/backend/api/survey.py
// (SurveyBaseQuestionSchemaSerializer and the per-type ones, validate_questions). Plain TypeScript: the
// published .d.ts imports nothing but relative files.
import type { ContentType, SettingsExtra } from "./shared";

// PostHog: survey.py, SurveyBaseQuestionSchemaSerializer.type.
/** The question types. */
export const QUESTION_TYPES = ["open", "link", "rating", "single_choice", "multiple_choice"] as const;
/** A question's kind (one of QUESTION_TYPES). */
export type QuestionType = (typeof QUESTION_TYPES)[number];

// PostHog: frontend/src/scenes/surveys/constants.tsx, SCALE_OPTIONS (the editor's scales); posthog-js
// packages/browser/src/extensions/surveys/components/QuestionTypes.tsx, isThumbSurvey (2 emoji as thumbs).
/**
 * The scales a rating question may have, by display. PostHog's editor offers 3 or 5 emoji and 5, 7 or 10
 * numbers; the SDKs also draw 2 emoji as thumbs up/down. PostHog's serializer does not check the scale, so
 * check does.
 */
export const RATING_SCALES = { emoji: [2, 3, 5], number: [5, 7, 10] } as const;
/** How a rating question is drawn: numbers or emoji. */
export type RatingDisplay = keyof typeof RATING_SCALES;
/** 2, 3 or 5 with `display: "emoji"`; 5, 7 or 10 with `display: "number"` (10 is the 0–10 NPS scale). */
export type RatingScale = (typeof RATING_SCALES)[RatingDisplay][number];

// PostHog: survey.py, validate_questions (valid_types).
/** What an open question's answer is checked against. */
export const VALIDATION_RULE_TYPES = ["min_length", "max_length", "email"] as const;
/** A rule an open question's answer is checked against (one of VALIDATION_RULE_TYPES). */
export type ValidationRuleType = (typeof VALIDATION_RULE_TYPES)[number];

// PostHog: survey.py, the Survey*BranchingSerializer classes.
/** Where the survey goes after a question. */
export type QuestionBranching =
  | {
      /** Go on to the next question (the default). */
      type: "next_question";
    }
  | {
      /** End the survey (shows the thank-you message, if any). */
      type: "end";
    }
  | {
      /** Jump to the question at `index`. */
      type: "specific_question";
      /** 0-based index of the question to go to. */
      index: number;
    }
  | {
      /** Go where the answer says. */
      type: "response_based";
      /**
       * Answer -> question index, or "end". Keys are choice indexes ("0", "1", …) for choice questions, and
       * "negative" / "neutral" / "positive" (or "detractors" / "passives" / "promoters" on a 10-point scale)
       * for rating questions.
       */
      responseValues: { [response: string]: number | "end" };
    };

/** A question's texts in one more language (the key of `translations` is the language code). */
export interface QuestionTranslation {
  /** The question text. */
  question?: string;
  /** The description. */
  description?: string;
  /** The submit button's label. */
  buttonText?: string;
  /** A rating question's lower-bound label. */
  lowerBoundLabel?: string;
  /** A rating question's upper-bound label. */
  upperBoundLabel?: string;
  /** A choice question's choices, as many as the question has, in the same order. */
  choices?: string[];
  /** A link question's link (https:// or mailto:). */
  link?: string;
}

/** A rule an open question's answer must satisfy. */
export interface QuestionValidationRule {
  /** `min_length` / `max_length` of the answer, or `email` (the answer must be an email address). */
  type: ValidationRuleType;
  /** The length for `min_length` / `max_length` (a positive whole number). */
  value?: number | null;
  /** The message shown when the answer breaks the rule (PostHog's SDK has a default). */
  errorMessage?: string;
}

interface QuestionCommon {
  /**
   * PostHog's id for the question, which keys its responses. Left out, a question keeps its id through inserts,
   * removals, reorders and edits of its text in place, and a new question gets one from PostHog; give it to keep
   * an id through a bigger change.
   */
  id?: string;
  /** The question text (not blank; HTML is sanitised by PostHog). */
  question: string;
  /** Helper text under the question (HTML is sanitised by PostHog). */
  description?: string | null;
  /** Whether `description` is plain text or HTML. */
  descriptionContentType?: ContentType;
  /** Whether a respondent may skip the question. */
  optional?: boolean;
  /** Label of the submit button. */
  buttonText?: string;
  /** Where the survey goes after this question. PostHog refuses branching together with `appearance.shuffleQuestions`. */
  branching?: QuestionBranching;
  /**
   * The question's texts in other languages, by language code such as "fr" or "pt-BR" (not the survey's base
   * language). PostHog stores the code lowercased ("pt-br"), as it does the survey's own translations.
   */
  translations?: { [language: string]: QuestionTranslation };
  /** Question keys PostHog added after this provider, merged as they are into what PostHog receives. */
  extra?: SettingsExtra;
}

/** A free-text question. */
export interface OpenQuestion extends QuestionCommon {
  /** `open`: a free-text answer. */
  type: "open";
  /** Rules the answer must satisfy. */
  validation?: QuestionValidationRule[];
}

/** A message with a button that opens a link. */
export interface LinkQuestion extends QuestionCommon {
  /** `link`: a message with a button that opens `link`. */
  type: "link";
  /** https:// or mailto: only; null or empty for no link. */
  link?: string | null;
}

/** A rating on a scale of numbers or emoji. */
export interface RatingQuestion extends QuestionCommon {
  /** `rating`: a score on a scale. */
  type: "rating";
  /** Numbers or emoji. */
  display?: RatingDisplay;
  /** The number of points: 2, 3 or 5 emoji; 5, 7 or 10 numbers (10 is 0–10). */
  scale?: RatingScale;
  /** Label under the lowest score (e.g. "Unlikely"). */
  lowerBoundLabel?: string;
  /** Label under the highest score (e.g. "Very likely"). */
  upperBoundLabel?: string;
  /** Whether PostHog reports the answers as a Net Promoter Score (PostHog's editor offers it on the 10-point scale). */
  isNpsQuestion?: boolean;
  /** Submit as soon as a score is picked, without a submit button. */
  skipSubmitButton?: boolean;
}

/** A question with a list of choices: one answer (`single_choice`) or several (`multiple_choice`). */
export interface ChoiceQuestion extends QuestionCommon {
  /** `single_choice`: one of the choices; `multiple_choice`: any number of them. */
  type: "single_choice" | "multiple_choice";
  /** The choices (at least one, none blank). Branching refers to them by index. */
  choices: string[];
  /** Show the choices in a random order. */
  shuffleOptions?: boolean;
  /** The last choice takes free text (e.g. "Other"). */
  hasOpenChoice?: boolean;
  /** Submit as soon as a choice is picked (single choice without an open choice). */
  skipSubmitButton?: boolean;
}

/** One of a survey's questions, told apart by its `type`. */
export type SurveyQuestion = OpenQuestion | LinkQuestion | RatingQuestion | ChoiceQuestion;
