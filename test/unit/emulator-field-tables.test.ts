// The emulator's serializer field tables (packages/posthog-emulator/src/core/serializer.ts): what each row declares
// about a field must be what its parser does, since the declarations are what a reader checks against PostHog.
import { ACTION_FIELDS } from "../../packages/posthog-emulator/src/analytics/actions";
import { INSIGHT_FIELDS } from "../../packages/posthog-emulator/src/analytics/insights";
import { FieldError } from "../../packages/posthog-emulator/src/core/fields";
import type { Table } from "../../packages/posthog-emulator/src/core/serializer";
import { FLAG_FIELDS } from "../../packages/posthog-emulator/src/feature-flags/flag-fields";
import { INVITE_FIELDS } from "../../packages/posthog-emulator/src/organization/invite-fields";
import { SURVEY_FIELDS } from "../../packages/posthog-emulator/src/surveys/survey-fields";

const TABLES: Record<string, Table> = {
  survey: SURVEY_FIELDS,
  invite: INVITE_FIELDS,
  flag: FLAG_FIELDS,
  action: ACTION_FIELDS,
  insight: INSIGHT_FIELDS,
};

const writable = Object.entries(TABLES).flatMap(([table, rows]) =>
  Object.entries(rows).flatMap(([name, row]) =>
    row.role === "input" || row.role === "instruction" ? [{ table, name, parser: row.parser }] : [],
  ),
);

/** The error code a parse of `value` fails with, or "ok". A survey parser may read the body; none here reads more. */
function outcome(parse: (value: null, ctx: never) => unknown, value: null): string {
  try {
    parse(value, { body: {} } as never);
    return "ok";
  } catch (e) {
    if (e instanceof FieldError) return e.code;
    throw e;
  }
}

test.each(writable)(
  "$table $name: allow_null in its declaration is what its parser does with null",
  (row) => {
    // Refused with DRF's "null" code, or (flag filters, action steps) by the field's own validator first.
    const result = outcome(row.parser.parse, null);
    if (row.parser.nullable) expect(result).toBe("ok");
    else expect(result).not.toBe("ok");
    expect(row.parser.kind.includes("allow_null=True")).toBe(row.parser.nullable);
  },
);

test("the survey table has PostHog's 27 writable fields, in SurveySerializerCreateUpdateOnly's Meta.fields order", () => {
  // products/surveys/backend/api/survey.py, SurveySerializerCreateUpdateOnly.Meta.fields, less its read-only
  // fields and _create_in_folder (a file-system placement the emulator does not model).
  expect(writable.filter((r) => r.table === "survey").map((r) => r.name)).toEqual([
    "name",
    "description",
    "type",
    "schedule",
    "linked_flag_id",
    "linked_insight_id",
    "targeting_flag_id",
    "targeting_flag_filters",
    "remove_targeting_flag",
    "questions",
    "conditions",
    "appearance",
    "start_date",
    "end_date",
    "archived",
    "responses_limit",
    "iteration_count",
    "iteration_frequency_days",
    "response_sampling_start_date",
    "response_sampling_interval_type",
    "response_sampling_interval",
    "response_sampling_limit",
    "enable_partial_responses",
    "enable_iframe_embedding",
    "base_language",
    "translations",
    "form_content",
  ]);
});
