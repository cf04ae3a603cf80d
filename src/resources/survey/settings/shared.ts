// What the nested settings of a Survey (appearance, conditions, each question) share: the escape hatch for keys
// PostHog adds after this provider was written, and the content types PostHog gives its rich texts.

/**
 * Keys PostHog added after this version of the provider, sent as they are: check does not look inside, and the
 * keys are merged into the object PostHog receives (so PostHog stores `{..., newKey: 1}`, not `{extra: {...}}`).
 * Diff compares the merged object with what PostHog stores, so a key declared here converges like any other.
 * A key may not be both declared directly and in `extra`. See docs/guides/survey-settings.md.
 */
export type SettingsExtra = { [key: string]: unknown };

/** How PostHog renders a rich text: as plain text or as (sanitised) HTML. */
export const CONTENT_TYPES = ["text", "html"] as const;
/** `text` or `html`; PostHog sanitises the HTML either way (docs/contributing/html-sanitising.md). */
export type ContentType = (typeof CONTENT_TYPES)[number];
