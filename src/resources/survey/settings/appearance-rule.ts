// The check rule for `appearance` (public type: appearance.ts). PostHog's own checks come first:
// products/surveys/backend/api/survey.py, validate_appearance (content type, popup delay not negative, whiteLabel a
// boolean); the rest holds each key to the type PostHog's definitions give it (appearance.ts names them).
import { z } from "zod";
import type { FitsPublic } from "../../../provider-kit/public-shape";
import { docsFrom } from "../../../provider-kit/docs-from";
import {
  SURVEY_POSITIONS,
  SURVEY_TAB_POSITIONS,
  SURVEY_WIDGET_TYPES,
  type SurveyAppearance,
} from "./appearance";
import { extraRule, settingsObject } from "./object-rule";
import { CONTENT_TYPES } from "./shared";

const text = (key: string) => z.string({ error: `${key} must be a string.` }).optional();
const flag = (key: string) => z.boolean({ error: `${key} must be true or false.` }).optional();
const contentType = (key: string) =>
  z.enum(CONTENT_TYPES, { error: `${key} must be "text" or "html".` }).optional();
const oneOf = <T extends readonly [string, ...string[]]>(key: string, values: T) =>
  z.enum(values, { error: `${key} must be one of: ${values.join(", ")}.` }).optional();

export const appearanceShape = {
  backgroundColor: text("backgroundColor"),
  textColor: text("textColor"),
  textSubtleColor: text("textSubtleColor"),
  descriptionTextColor: text("descriptionTextColor"),
  submitButtonColor: text("submitButtonColor"),
  submitButtonText: text("submitButtonText"),
  submitButtonTextColor: text("submitButtonTextColor"),
  ratingButtonColor: text("ratingButtonColor"),
  ratingButtonActiveColor: text("ratingButtonActiveColor"),
  ratingButtonHoverColor: text("ratingButtonHoverColor"),
  inputBackground: text("inputBackground"),
  inputBackgroundColor: text("inputBackgroundColor"),
  inputTextColor: text("inputTextColor"),
  borderColor: text("borderColor"),
  placeholder: text("placeholder"),
  whiteLabel: z.boolean({ error: "whiteLabel must be a boolean." }).optional(),
  autoDisappear: flag("autoDisappear"),
  displayThankYouMessage: flag("displayThankYouMessage"),
  thankYouMessageHeader: text("thankYouMessageHeader"),
  thankYouMessageDescription: text("thankYouMessageDescription"),
  thankYouMessageDescriptionContentType: contentType("thankYouMessageDescriptionContentType"),
  thankYouMessageCloseButtonText: text("thankYouMessageCloseButtonText"),
  displayIntroScreen: flag("displayIntroScreen"),
  introScreenHeader: text("introScreenHeader"),
  introScreenDescription: text("introScreenDescription"),
  introScreenDescriptionContentType: contentType("introScreenDescriptionContentType"),
  introScreenButtonText: text("introScreenButtonText"),
  position: oneOf("position", SURVEY_POSITIONS),
  tabPosition: oneOf("tabPosition", SURVEY_TAB_POSITIONS),
  zIndex: text("zIndex"),
  shuffleQuestions: flag("shuffleQuestions"),
  surveyPopupDelaySeconds: z
    .number({ error: "surveyPopupDelaySeconds must be a number of seconds." })
    .nonnegative("Survey popup delay seconds must be a positive integer (0 or more).")
    .nullable()
    .optional(),
  allowGoBack: flag("allowGoBack"),
  backButtonText: text("backButtonText"),
  widgetType: oneOf("widgetType", SURVEY_WIDGET_TYPES),
  widgetSelector: text("widgetSelector"),
  widgetLabel: text("widgetLabel"),
  widgetColor: text("widgetColor"),
  fontFamily: text("fontFamily"),
  disabledButtonOpacity: text("disabledButtonOpacity"),
  maxWidth: text("maxWidth"),
  boxPadding: text("boxPadding"),
  boxShadow: text("boxShadow"),
  borderRadius: text("borderRadius"),
  hideCancelButton: flag("hideCancelButton"),
  disableAutofocus: flag("disableAutofocus"),
  extra: extraRule.optional(),
};

/** `appearance`: an object (or null) with PostHog's appearance keys. */
export const appearanceRule = settingsObject(appearanceShape, "appearance")
  .meta(docsFrom("SurveyAppearance"))
  .nullable();

// The public SurveyAppearance (appearance.ts) is the one place for the shape; this fails to compile on a drift.
const _appearanceFits: FitsPublic<typeof appearanceShape, SurveyAppearance> = true;
