import type { UserSummary } from "../../provider-kit/user-summary";
import type { SurveyQuestion } from "./settings/questions";
import type { SurveyConditions } from "./settings/conditions";
import type { SurveyAppearance } from "./settings/appearance";

// Plain (resolved) shapes of a Survey's inputs and outputs. Nested objects keep PostHog's own camelCase keys.

/** The survey types the provider accepts; SurveyType derives from this list. */
export const SURVEY_TYPES = [
  "popover",
  "button",
  "email",
  "full_screen",
  "api",
  "widget",
  "external_survey",
] as const;
/** A survey type: where and how PostHog shows the survey (one of SURVEY_TYPES). */
export type SurveyType = (typeof SURVEY_TYPES)[number];

/** How often a survey shows; SurveySchedule derives from this list. */
export const SURVEY_SCHEDULES = ["once", "recurring", "always"] as const;
/** How often a person sees a survey: once, recurring or always (one of SURVEY_SCHEDULES). */
export type SurveySchedule = (typeof SURVEY_SCHEDULES)[number];

// The nested settings, typed from PostHog's own definitions: one file each under settings/.
export type * from "./settings/questions";
export type * from "./settings/conditions";
export type * from "./settings/appearance";
export type { SettingsExtra, ContentType } from "./settings/shared";

// How PostHog reads a group: posthog/models/feature_flag/flag_matching.py, FeatureFlagMatcher.is_condition_match
// (a null rollout_percentage lets every matching person in) and get_matching_variant (the group's variant).
/** One release-condition group of the survey's targeting flag, as PostHog's flag editor writes it. */
export interface TargetingFlagGroup {
  /** Filters on person properties or cohorts, as PostHog's flag editor writes them; a person must match all. */
  properties?: Record<string, unknown>[];
  /** The percentage (0 to 100) of the matching people the group lets in; null lets in all of them. */
  rollout_percentage?: number | null;
  /** The variant the group's people get on a multivariate flag; null keeps the flag's own split. */
  variant?: string | null;
  /** Other keys of PostHog's condition group, sent as they are. */
  [key: string]: unknown;
}

/** Release conditions of the survey's targeting flag: `{groups: [{properties, rollout_percentage, variant}]}`. */
export interface TargetingFlagFilters {
  /** The condition groups (at least one); a person who matches any of them sees the survey. */
  groups: TargetingFlagGroup[];
  /** Other keys of PostHog's flag filters, sent as they are. */
  [key: string]: unknown;
}

/** A survey's lifecycle as people think of it; SurveyStatus derives from this list. */
export const SURVEY_STATUSES = ["draft", "running", "stopped"] as const;
/** draft: never launched; running: launched (start date set, no end date); stopped: end date set. */
export type SurveyStatus = (typeof SURVEY_STATUSES)[number];

/** Take over a survey that already exists instead of creating one (Pulumi cannot import dynamic resources). */
export interface SurveyAdoption {
  /** The survey's id (UUID). */
  id?: string;
  /** The survey's exact, case-sensitive name. */
  name?: string;
}

// The one written description of each field: the class's arguments (`SurveyArgs`), the outputs, the field
// table (fields.ts) and the catalogue derive from it.
/** Every survey field a program declares, one doc comment each. */
export interface SurveyFields {
  /** Unique (per project, case-sensitive) survey name, at most 400 characters; trimmed as PostHog stores it. */
  name: string;
  /** Text shown under the survey's title (default empty); trimmed as PostHog stores it. */
  description?: string;
  /** popover, api, widget or external_survey (the older button, email and full_screen pass with a warning). */
  type: SurveyType;
  /** A feature flag (by id) that must be enabled for the survey to show. */
  linkedFlagId?: number | null;
  /** An existing feature flag (by id) to target the survey with. */
  targetingFlagId?: number | null;
  /** The linked flag by key instead of id (ids differ between projects and hosts); never with linkedFlagId. */
  linkedFlagKey?: string | null;
  /** The targeting flag by key instead of id; never with targetingFlagId. */
  targetingFlagKey?: string | null;
  /** Release conditions: PostHog creates (and later updates) a targeting flag from them. Write-only. */
  targetingFlagFilters?: TargetingFlagFilters | null;
  /** true deletes the survey's targeting flag. Write-only. */
  removeTargetingFlag?: boolean;
  /** The questions, in order; each keeps its server-assigned `id` (give one to keep responses linked when reordering). */
  questions?: SurveyQuestion[];
  /** Display conditions: url, urlMatchType, selector, events, actions, deviceTypes, seenSurveyWaitPeriodInDays, … */
  conditions?: SurveyConditions | null;
  /** Appearance settings: colours, texts, surveyPopupDelaySeconds, widgetType, shuffleQuestions, … */
  appearance?: SurveyAppearance | null;
  /** Launches the survey at this time (ISO 8601; a future date schedules the launch); null: not launched. */
  startDate?: string | null;
  /** Stops the survey at this time (ISO 8601); null: not stopped. */
  endDate?: string | null;
  /** draft, running (launches; from stopped, resumes) or stopped. A launched survey cannot go back to draft. */
  status?: SurveyStatus;
  /** Archive (true) or unarchive the survey, ordered around launch and stop (default false). */
  archived?: boolean;
  /** How often a person sees the survey: once (default), recurring or always. */
  schedule?: SurveySchedule;
  /** Stop collecting after this many responses; null: no limit. */
  responsesLimit?: number | null;
  /** How many times a recurring survey repeats (0 to 500); null: not recurring. */
  iterationCount?: number | null;
  /** Days between a recurring survey's iterations (1 to 365). */
  iterationFrequencyDays?: number | null;
  /** Record answers as they are given, before the survey is completed (default false). */
  enablePartialResponses?: boolean;
  /** The language the survey's own texts are in, a code such as "en" or "pt-BR" (default "en"). */
  baseLanguage?: string;
  /** Allow the hosted survey page to be shown in an iframe on other sites (default false). */
  enableIframeEmbedding?: boolean;
  /** An insight (by id) shown with the survey's results; null: none. */
  linkedInsightId?: number | null;
  /** When response sampling starts (ISO 8601, today or later in UTC); needed by a responseSamplingLimit. */
  responseSamplingStartDate?: string | null;
  /** The unit of the sampling interval: day, week (default) or month. */
  responseSamplingIntervalType?: SurveySamplingInterval | null;
  /** How many interval units one sampling period lasts (1 or more); null: no sampling. */
  responseSamplingInterval?: number | null;
  /** The most responses collected per sampling period (needs responseSamplingStartDate and responseSamplingInterval); null: no limit. */
  responseSamplingLimit?: number | null;
  /** The survey's own texts in other languages, by language code such as "fr" or "pt-BR" (not the base language). */
  translations?: SurveyTranslations | null;
  /** The content of a form-style survey, as PostHog's survey builder writes it (any JSON object). */
  formContent?: SurveyFormContent | null;
}

/** The units a sampling interval is counted in; SurveySamplingInterval derives from this list. */
export const SURVEY_SAMPLING_INTERVALS = ["day", "week", "month"] as const;
/** The unit a response-sampling interval is counted in: day, week or month (one of SURVEY_SAMPLING_INTERVALS). */
export type SurveySamplingInterval = (typeof SURVEY_SAMPLING_INTERVALS)[number];

/** The survey's own texts in one language; each is optional (PostHog shows the base text for a missing one). */
export interface SurveyTranslation {
  /** The survey's name in this language. */
  name?: string;
  /** The survey's description in this language. */
  description?: string;
  /** The thank-you header (appearance.thankYouMessageHeader) in this language. */
  thankYouMessageHeader?: string;
  /** The thank-you description (appearance.thankYouMessageDescription) in this language. */
  thankYouMessageDescription?: string;
  /** The thank-you close button's text (appearance.thankYouMessageCloseButtonText) in this language. */
  thankYouMessageCloseButtonText?: string;
}

/** Translations of the survey's own texts, by language code. */
export type SurveyTranslations = { [language: string]: SurveyTranslation };

/** A form-style survey's content, kept as PostHog holds it. */
export type SurveyFormContent = { [key: string]: unknown };

/** The provider's own inputs, never sent to PostHog as survey fields. */
export interface SurveyOptions {
  /** Project (numeric id) the survey lives in. Defaults to posthog:projectId / POSTHOG_PROJECT_ID, then the key's current project. Changing it replaces the survey; a changed posthog:projectId leaves an existing survey where it is. */
  projectId?: string;
  /** Take over an existing survey (by id or exact name) instead of creating one; used only at create. */
  adopt?: SurveyAdoption;
  /** A survey that holds responses is never deleted or replaced while this is true (the default); false lets a delete or replacement take it with its responses. Never sent to PostHog. */
  deletionProtection?: boolean;
}

/** A Survey's inputs once check has validated them. */
export interface SurveyInputs extends SurveyFields, SurveyOptions {}

/**
 * A feature flag as nested in a survey: which flag it is and whether it is on, and for the targeting flag the
 * conditions in force. The internal flag's conditions are PostHog's fixed rule for the survey, and a linked flag
 * is read whole with `getFeatureFlag`.
 */
export interface SurveyFlag {
  /** The flag's id. */
  id: number;
  /** The flag's key. */
  key: string;
  /** Whether the flag is on. */
  active: boolean;
  /** The targeting flag's release conditions as PostHog holds them (`targetingFlagFilters` is what was last applied); absent on the other flags. */
  filters?: Record<string, unknown>;
}

/** The user who created the survey. */
export type SurveyUser = UserSummary;

/** What a Survey holds besides its fields: what PostHog assigns, and the provider's bookkeeping. */
export interface SurveyComputed {
  /** PostHog's id for the survey (a UUID). */
  surveyId: string;
  /** When the survey was created (ISO 8601). */
  createdAt: string;
  /** The user who created the survey. */
  createdBy: SurveyUser | null;
  /** The linked feature flag, as PostHog holds it. */
  linkedFlag: SurveyFlag | null;
  /** The targeting feature flag, as PostHog holds it. */
  targetingFlag: SurveyFlag | null;
  /** The flag PostHog maintains to stop showing the survey to people who answered or dismissed it. */
  internalTargetingFlag: SurveyFlag | null;
  /** What the program declared at the last apply: fields it stops declaring are reset; others are left alone. */
  declared: Record<string, unknown>;
}

/** A field's value once applied: always present, null where PostHog has none. */
export type SurveyFieldOutputs = { [K in keyof SurveyFields]-?: Exclude<SurveyFields[K], undefined> };

/** What a Survey resource holds after create/read/update. */
export type SurveyOutputs = SurveyFieldOutputs & SurveyComputed & Required<Pick<SurveyOptions, "projectId">>;
