// The feature flag, declared once as the field table of the FeatureFlagSerializer fields the emulator models
// (core/serializer.ts): the record type, the parse of a create and a new flag's defaults derive from it. Its two
// answers (MinimalFeatureFlagSerializer nested in surveys, FeatureFlagSerializer) are fixed shapes in flags.ts.
// PostHog: products/feature_flags/backend/api/feature_flag.py, FeatureFlagSerializer (validate_key,
// validate_filters); products/feature_flags/backend/models/feature_flag.py, FeatureFlag (defaults).
import { drf } from "../core/drf";
import { fieldError } from "../core/fields";
import { isObject, type JsonObject } from "../core/json";
import { col, parser, refine, type RecordOf, type WriteOf } from "../core/serializer";

function validateKey(key: string): string {
  if (!/^[a-zA-Z0-9_-]+$/.test(key)) {
    throw fieldError("Only letters, numbers, hyphens (-) & underscores (_) are allowed.", "invalid_key");
  }
  return key;
}

export const FLAG_FIELDS = {
  id: col.identity<number>("AutoField(read_only=True)"),
  team_id: col.identity<number>("ForeignKey(Team)"),
  name: col.input(drf.char({ allowBlank: true }), ""),
  key: col.input(refine(drf.char({ maxLength: 400 }), validateKey), "", { required: true }),
  filters: col.input<JsonObject, unknown>(
    parser("JSONField, validate_filters", false, (v) => {
      if (!isObject(v)) throw fieldError("Filters are not valid (can only be object)");
      return v;
    }),
    { groups: [] },
  ),
  active: col.input(drf.bool(), true),
  ensure_experience_continuity: col.input(drf.bool(), false),
  version: col.readOnly<number>("IntegerField(read_only=True)", 1),
  /** "feature_flags" from the flag API, "surveys" for the flags a survey makes */
  creation_context: col.identity<string>("CharField(read_only=True)"),
  created_at: col.identity<number>("DateTimeField(read_only=True)"),
  created_by: col.identity<number>("UserBasicSerializer(read_only=True)"),
};

export type FlagRecord = RecordOf<typeof FLAG_FIELDS>;
export type FlagWrite = WriteOf<typeof FLAG_FIELDS>;
/** Who makes a flag, where: what a handler supplies besides the write. */
export type FlagOrigin = Pick<FlagRecord, "team_id" | "created_by" | "creation_context">;
