// The forms PostHog stores plain values in, so `check` can hand the engine exactly what PostHog will keep.

// Python's str.isspace() characters: DRF's CharField strips with str.strip(), whose set differs from
// JavaScript's String.prototype.trim (Python adds U+001C-U+001F and U+0085; JavaScript adds U+FEFF).
const PY_SPACE =
  "\\t\\n\\v\\f\\r\\u001c-\\u001f \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const PY_STRIP = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, "g");

/**
 * A text as a DRF CharField stores it: surrounding whitespace removed.
 * PostHog: rest_framework/fields.py, CharField.to_internal_value (trim_whitespace defaults to true).
 */
export function stripLikeDrf(text: string): string {
  return text.replace(PY_STRIP, "");
}

// An ISO 8601 date-time without a zone designator: "2026-03-02T09:30", "2026-03-02 09:30:00.123456".
const NAIVE_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)$/i;

/**
 * A date-time as PostHog reads it: one without a zone is UTC (Django runs with USE_TZ and UTC as its zone),
 * never the zone of the machine running Pulumi. It gets an explicit "Z"; everything else is left as written.
 * PostHog: posthog/settings (TIME_ZONE "UTC"); rest_framework/fields.py, DateTimeField.enforce_timezone.
 */
export function naiveAsUtc(value: string): string {
  const m = NAIVE_DATE_TIME.exec(value.trim());
  return m ? `${m[1]}T${m[2].replace(",", ".")}Z` : value;
}
