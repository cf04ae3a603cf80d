// The date-times a survey's startDate and endDate may be written as: those PostHog accepts that the provider
// can also compare as instants, so a declared date never fails at `up` nor shows a change on every preview.
//
// PostHog reads them with DRF's DateTimeField, which calls Django's parse_datetime: Python's
// datetime.fromisoformat, else Django's own pattern (rest_framework/fields.py, DateTimeField.to_internal_value;
// django/utils/dateparse.py). Without a zone the value is UTC (PostHog's TIME_ZONE). Both take more than this:
// ISO 8601's basic form ("20261201T0900Z"), week dates, one-digit fields, a comma before the fraction, a bare
// "+01" offset, any separator character. Those are refused here with the form to use instead, because
// JavaScript's Date.parse cannot read them and the diff compares dates with it (provider-kit/equality.ts, sameInstant).

const FORM =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export const DATE_TIME_EXAMPLE = "2026-12-01T09:00:00Z";

/** The forms accepted, for messages. */
export const DATE_TIME_FORMS =
  'YYYY-MM-DDThh:mm[:ss[.ffffff]] with "Z" or an offset such as +02:00 (none means UTC), or a date alone ' +
  "(midnight UTC)";

/** Why `text` is not a date-time PostHog and the provider both read, or undefined when it is one. */
export function dateTimeProblem(text: string): string | undefined {
  const m = FORM.exec(text);
  if (!m) return "it is not in ISO 8601 form";
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((part) => Number(part ?? 0));
  const offset = m[7] === undefined || m[7] === "Z" ? undefined : m[7].replace(":", "");
  // Python's datetime refuses what Date.UTC would roll over (February 30, hour 24), and year 0.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (year < 1 || month < 1 || month > 12) return `there is no month ${m[2]}`;
  if (day < 1 || day > daysInMonth) return `there is no day ${m[3]} in ${m[1]}-${m[2]}`;
  if (hour > 23 || minute > 59 || second > 59)
    return `there is no time ${m[4]}:${m[5]}${m[6] ? `:${m[6]}` : ""}`;
  if (offset !== undefined && (Number(offset.slice(1, 3)) > 23 || Number(offset.slice(3)) > 59)) {
    return `there is no offset ${m[7]}`;
  }
  return undefined;
}
