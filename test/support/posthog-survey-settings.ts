// Nested survey settings as PostHog's own code writes them, for the settings tests. Sources:
// - appearance: PostHog frontend/src/scenes/surveys/constants.tsx, defaultSurveyAppearance (what the survey
//   editor starts every survey with), with the 2-second delay of its "Capture exceptions" template;
// - conditions: the same file's "Capture exceptions" template (url, wait period, actions, events), and the
//   cancel event with a property filter of posthog-js packages/browser/src/__tests__/utils/survey-event-receiver.test.ts
//   ("cancels survey when cancel event property filter matches");
// - questions: the same file's NPS, CSAT, churn (CCR) and interview templates, and the translated questions of
//   posthog-js packages/browser/src/__tests__/utils/survey-translations.test.ts ("multiple choice options",
//   "rating labels"); the open question's validation rules follow frontend/src/types.ts, SurveyValidationRule.
import type { SurveyAppearance, SurveyConditions, SurveyQuestion } from "../../src";

export const EDITOR_APPEARANCE: SurveyAppearance = {
  fontFamily: "inherit",
  backgroundColor: "#eeeded",
  submitButtonColor: "black",
  submitButtonTextColor: "white",
  ratingButtonColor: "white",
  ratingButtonActiveColor: "black",
  borderColor: "#c9c6c6",
  placeholder: "Start typing...",
  whiteLabel: false,
  displayThankYouMessage: true,
  thankYouMessageHeader: "Thank you for your feedback!",
  position: "right",
  widgetType: "tab",
  widgetLabel: "Feedback",
  widgetColor: "black",
  zIndex: "2147482647",
  disabledButtonOpacity: "0.6",
  maxWidth: "300px",
  textSubtleColor: "#939393",
  inputBackground: "white",
  boxPadding: "20px 24px",
  boxShadow: "0 4px 12px rgba(0, 0, 0, 0.15)",
  borderRadius: "10px",
  shuffleQuestions: false,
  surveyPopupDelaySeconds: 2,
};

/** Display conditions; `actions` is added by the caller, who needs an action's id. */
export const TEMPLATE_CONDITIONS: SurveyConditions = {
  url: "",
  seenSurveyWaitPeriodInDays: 14,
  actions: null,
  events: { repeatedActivation: true, values: [{ name: "$exception" }] },
  cancelEvents: {
    values: [
      {
        name: "cancel_event",
        propertyFilters: { reason: { values: ["user_navigated_away"], operator: "exact" } },
      },
    ],
  },
  urlMatchType: "icontains",
  deviceTypes: ["Desktop", "Mobile"],
  deviceTypesMatchType: "exact",
};

export const TEMPLATE_QUESTIONS: SurveyQuestion[] = [
  {
    type: "rating",
    question: "How likely are you to recommend us to a friend?",
    description: "",
    descriptionContentType: "text",
    display: "number",
    scale: 10,
    lowerBoundLabel: "Unlikely",
    upperBoundLabel: "Very likely",
    isNpsQuestion: true,
    skipSubmitButton: true,
    branching: { type: "response_based", responseValues: { detractors: 1, passives: 1, promoters: "end" } },
  },
  {
    type: "open",
    question: "What else can we do to improve your experience?",
    description: "",
    descriptionContentType: "text",
    validation: [
      { type: "min_length", value: 10 },
      { type: "max_length", value: 500, errorMessage: "Keep it under 500 characters." },
    ],
  },
  {
    type: "rating",
    question: "How satisfied are you with PostHog surveys?",
    display: "emoji",
    scale: 5,
    lowerBoundLabel: "Very dissatisfied",
    upperBoundLabel: "Very satisfied",
    translations: { ja: { question: "評価してください", lowerBoundLabel: "悪い", upperBoundLabel: "優秀" } },
  },
  {
    type: "multiple_choice",
    question: "We're sorry to see you go. What's your reason for unsubscribing?",
    choices: ["I no longer need the product", "I found a better product", "Other"],
    hasOpenChoice: true,
    skipSubmitButton: true,
    translations: {
      de: {
        question: "Warum kündigen Sie?",
        choices: ["Ich brauche es nicht mehr", "Ich habe etwas Besseres gefunden", "Anderes"],
      },
    },
  },
  {
    type: "link",
    question: "Would you be interested in participating in a customer interview?",
    description: "We are looking for feedback on our product and would love to hear from you!",
    descriptionContentType: "text",
    buttonText: "Schedule",
    link: "https://calendly.com/posthog",
  },
];
