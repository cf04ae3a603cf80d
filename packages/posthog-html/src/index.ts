// PostHog's HTML sanitising of survey texts (nh3 / ammonia), modelled on parse5's HTML5 parser.
export { isHtml } from "./is-html";
export { sanitizeHtml } from "./clean";
export { QUESTION_LABELS, sanitizeSurveyTexts, sanitizeText, type SurveyTexts } from "./survey-texts";
// The JSON shapes and Python truthiness its rules use; the emulator models PostHog's JSON with the same ones.
export { isObject, pyTruthy, type Json, type JsonObject } from "./json";
