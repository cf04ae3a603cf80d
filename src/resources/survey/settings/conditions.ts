// A Survey's `conditions`: when PostHog's SDKs show it. The keys and their types are PostHog's own:
// posthog-js packages/browser-common/src/types/surveys.ts (Survey.conditions, SurveyEventWithFilters,
// PropertyFilters); PostHog frontend/src/types.ts (SurveyDisplayConditions, what the survey editor writes) and
// products/surveys/backend/api/survey.py (SurveyConditionsSchemaSerializer, SURVEY_MATCH_TYPE_CHOICES,
// SURVEY_DEVICE_TYPE_CHOICES, _associate_actions). Plain TypeScript: the published .d.ts imports nothing but
// relative files.
import type { SettingsExtra } from "./shared";

// PostHog: survey.py, SURVEY_MATCH_TYPE_CHOICES.
/** How a URL or device type is matched. */
export const SURVEY_MATCH_TYPES = [
  "regex",
  "not_regex",
  "exact",
  "is_not",
  "icontains",
  "not_icontains",
] as const;
/** How a URL or device condition matches (one of SURVEY_MATCH_TYPES). */
export type SurveyMatchType = (typeof SURVEY_MATCH_TYPES)[number];

/** How an event property is matched: the match types plus numeric comparisons. posthog-js, PropertyOperator. */
export const SURVEY_PROPERTY_OPERATORS = [...SURVEY_MATCH_TYPES, "gt", "lt"] as const;
/** How an event property filter compares (one of SURVEY_PROPERTY_OPERATORS). */
export type SurveyPropertyOperator = (typeof SURVEY_PROPERTY_OPERATORS)[number];

// PostHog: survey.py, SURVEY_DEVICE_TYPE_CHOICES.
/** The device types a survey can be limited to. */
export const SURVEY_DEVICE_TYPES = ["Desktop", "Mobile", "Tablet"] as const;
/** A device type a survey can be limited to (one of SURVEY_DEVICE_TYPES). */
export type SurveyDeviceType = (typeof SURVEY_DEVICE_TYPES)[number];

/** One condition on a property of the triggering event. */
export interface SurveyPropertyFilter {
  /** The values to compare the property with. */
  values: string[];
  /** How the property is compared with `values`. */
  operator: SurveyPropertyOperator;
}

/** An event that shows (or cancels) the survey. */
export interface SurveyEventCondition {
  /** The event's name, e.g. "$pageview" or "checkout completed". */
  name: string;
  /** Conditions on the event's properties, keyed by property name; all must match. */
  propertyFilters?: { [propertyName: string]: SurveyPropertyFilter };
}

/** An action that shows the survey. PostHog links the action by `id` and answers with the whole action. */
export interface SurveyActionCondition {
  /** The action's id. */
  id: number;
  /** The action's name, for the reader; PostHog reads only the id. */
  name?: string | null;
  /** PostHog answers with the whole action (steps, dates, …); such keys are accepted and ignored. */
  [key: string]: unknown;
}

/** When PostHog's SDKs show the survey (`conditions`). Every key is optional. */
export interface SurveyConditions {
  /** Show the survey only on pages whose URL matches this (see `urlMatchType`). */
  url?: string;
  /** How `url` is matched (default `icontains`). */
  urlMatchType?: SurveyMatchType;
  /** Show the survey only when an element matching this CSS selector is on the page. */
  selector?: string;
  /** Do not show the survey to someone who saw any survey in the last this many days (0 or more). */
  seenSurveyWaitPeriodInDays?: number | null;
  /** Show the survey only on these device types. */
  deviceTypes?: SurveyDeviceType[];
  /** How `deviceTypes` is matched. */
  deviceTypesMatchType?: SurveyMatchType;
  /** Show the survey only to people in this variant of the linked flag ("any" for every variant); needs linkedFlagId or linkedFlagKey. */
  linkedFlagVariant?: string | null;
  /** Events that show the survey. */
  events?: {
    /** Show the survey each time one of the events happens, not only the first time. */
    repeatedActivation?: boolean;
    /** The events. */
    values?: SurveyEventCondition[];
  } | null;
  /** Events that cancel a survey waiting out its `surveyPopupDelaySeconds`. */
  cancelEvents?: {
    /** The events. */
    values?: SurveyEventCondition[];
  } | null;
  /** Actions that show the survey; PostHog links them to the survey on every save. */
  actions?: {
    /** The actions, by id. */
    values?: SurveyActionCondition[];
  } | null;
  /** Condition keys PostHog added after this provider, merged as they are into what PostHog receives. */
  extra?: SettingsExtra;
}
