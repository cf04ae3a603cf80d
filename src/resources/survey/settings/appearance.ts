// A Survey's `appearance`: how PostHog's SDKs draw it. The keys and their types are PostHog's own:
// posthog-js packages/core/src/types.ts (SurveyAppearance) and packages/browser-common/src/types/surveys.ts
// (SurveyAppearance, the browser-only keys); PostHog frontend/src/types.ts (SurveyAppearance, what the survey
// editor writes) and products/surveys/backend/api/survey.py (SurveyAppearanceSchemaSerializer, validate_appearance).
// Plain TypeScript: the published .d.ts imports nothing but relative files.
import type { ContentType, SettingsExtra } from "./shared";

// posthog-js: browser-common types/surveys.ts, SurveyPosition.
/** Where a popover sits on the page. */
export const SURVEY_POSITIONS = [
  "top_left",
  "top_right",
  "top_center",
  "middle_left",
  "middle_right",
  "middle_center",
  "left",
  "center",
  "right",
  "next_to_trigger",
] as const;
/** Where on the page a popover survey shows (one of SURVEY_POSITIONS). */
export type SurveyPosition = (typeof SURVEY_POSITIONS)[number];

// posthog-js: browser-common types/surveys.ts, SurveyTabPosition.
/** The edge a feedback tab sticks to. */
export const SURVEY_TAB_POSITIONS = ["top", "left", "right", "bottom"] as const;
/** Which edge a tab widget sits on (one of SURVEY_TAB_POSITIONS). */
export type SurveyTabPosition = (typeof SURVEY_TAB_POSITIONS)[number];

// posthog-js: core types.ts, SurveyWidgetType.
/** How a `widget` survey is opened. */
export const SURVEY_WIDGET_TYPES = ["button", "tab", "selector"] as const;
/** How a widget survey is opened: a button, a tab, or an element of the page (one of SURVEY_WIDGET_TYPES). */
export type SurveyWidgetType = (typeof SURVEY_WIDGET_TYPES)[number];

/**
 * How PostHog's SDKs draw the survey (`appearance`). Every key is optional; colours and sizes are CSS values
 * written as strings. Keys PostHog adds after this provider go in `extra`.
 */
export interface SurveyAppearance {
  /** Background colour of the survey box (CSS colour, e.g. "#eeeded"). */
  backgroundColor?: string;
  /** Main text colour; by default PostHog picks one that contrasts with `backgroundColor`. */
  textColor?: string;
  /** Colour of secondary texts such as descriptions (PostHog's editor writes it). */
  textSubtleColor?: string;
  /** Deprecated by PostHog (no longer used by the SDK); kept so existing surveys can be declared. */
  descriptionTextColor?: string;
  /** Background colour of the submit button. */
  submitButtonColor?: string;
  /** Label of the submit button; PostHog prefers each question's `buttonText`. */
  submitButtonText?: string;
  /** Text colour of the submit button; by default it contrasts with `submitButtonColor`. */
  submitButtonTextColor?: string;
  /** Background colour of rating buttons. */
  ratingButtonColor?: string;
  /** Colour of the selected rating button. */
  ratingButtonActiveColor?: string;
  /** Colour of a rating button under the pointer. */
  ratingButtonHoverColor?: string;
  /** Background colour of text inputs and rating buttons. */
  inputBackground?: string;
  /** Deprecated by PostHog in favour of `inputBackground`. */
  inputBackgroundColor?: string;
  /** Text colour of inputs and rating buttons; by default it contrasts with `inputBackground`. */
  inputTextColor?: string;
  /** Border colour of the survey box. */
  borderColor?: string;
  /** Placeholder of open-text answers (e.g. "Start typing..."). */
  placeholder?: string;
  /** Hide the "Survey by PostHog" footer. PostHog refuses it unless the organization has white labelling. */
  whiteLabel?: boolean;
  /** Close the survey by itself a few seconds after the thank-you message. */
  autoDisappear?: boolean;
  /** Show a thank-you message after the last question. */
  displayThankYouMessage?: boolean;
  /** Heading of the thank-you message (HTML is sanitised by PostHog). */
  thankYouMessageHeader?: string;
  /** Body of the thank-you message (HTML is sanitised by PostHog). */
  thankYouMessageDescription?: string;
  /** Whether `thankYouMessageDescription` is plain text or HTML. */
  thankYouMessageDescriptionContentType?: ContentType;
  /** Label of the button that closes the thank-you message (HTML is sanitised by PostHog). */
  thankYouMessageCloseButtonText?: string;
  /** Show an intro screen before the first question; it records no response. */
  displayIntroScreen?: boolean;
  /** Heading of the intro screen. */
  introScreenHeader?: string;
  /** Body of the intro screen. */
  introScreenDescription?: string;
  /** Whether `introScreenDescription` is plain text or HTML. */
  introScreenDescriptionContentType?: ContentType;
  /** Label of the button that leaves the intro screen. */
  introScreenButtonText?: string;
  /** Where a popover sits on the page. */
  position?: SurveyPosition;
  /** The edge a feedback tab (`widgetType: "tab"`) sticks to. */
  tabPosition?: SurveyTabPosition;
  /** CSS z-index of the survey, as a string (e.g. "2147482647"). */
  zIndex?: string;
  /** Ask the questions in a random order. PostHog refuses it together with question branching. */
  shuffleQuestions?: boolean;
  /** Seconds to wait before showing the survey once its conditions match (0 or more; null: no delay). Not allowed for external surveys. */
  surveyPopupDelaySeconds?: number | null;
  /** Show a "Back" button after the first question. */
  allowGoBack?: boolean;
  /** Label of the "Back" button (default "Back"). */
  backButtonText?: string;
  /** How a `widget` survey opens: a floating button, a tab on the page's edge, or your own element. */
  widgetType?: SurveyWidgetType;
  /** CSS selector of your own element that opens the survey (`widgetType: "selector"`). */
  widgetSelector?: string;
  /** Label of the feedback button or tab (e.g. "Feedback"). */
  widgetLabel?: string;
  /** Colour of the feedback button or tab. */
  widgetColor?: string;
  /** Font of the survey; PostHog's editor offers "inherit", "system-ui" and web-safe fonts. */
  fontFamily?: string;
  /** Opacity of a disabled button, as a string (e.g. "0.6"). */
  disabledButtonOpacity?: string;
  /** Largest width of the survey box (CSS length, e.g. "300px"). */
  maxWidth?: string;
  /** Padding inside the survey box (CSS, e.g. "20px 24px"). */
  boxPadding?: string;
  /** Shadow of the survey box (CSS box-shadow). */
  boxShadow?: string;
  /** Corner radius of the survey box (CSS length, e.g. "10px"). */
  borderRadius?: string;
  /** Hide the close (X) button; the browser SDK reads it, PostHog's editor does not offer it. */
  hideCancelButton?: boolean;
  /** Do not move the keyboard focus into the survey when it opens (browser SDK). */
  disableAutofocus?: boolean;
  /** Appearance keys PostHog added after this provider, merged as they are into what PostHog receives. */
  extra?: SettingsExtra;
}
