// The Insight's field table (core/serializer.ts): its own module, importing nothing but core's field kit, so the
// state (core/state.ts) can fill a stored insight's new columns without reaching the Insights handlers.
// PostHog: products/product_analytics/backend/api/insight.py (InsightSerializer; a small subset of its fields).
import { drf } from "../core/drf";
import { col, refine, type RecordOf } from "../core/serializer";

/** The InsightSerializer fields the emulator models, as a field table (core/serializer.ts). */
export const INSIGHT_FIELDS = {
  id: col.identity<number>("AutoField(read_only=True)"),
  short_id: col.identity<string>("CharField(read_only=True)"),
  // A null name is stored as "" (the emulator's simplification: nothing reads the difference).
  name: col.input(
    refine(drf.char({ allowBlank: true, allowNull: true, maxLength: 400 }), (name) => name ?? ""),
    "",
  ),
  team_id: col.identity<number>("ForeignKey(Team)"),
  created_at: col.identity<number>("DateTimeField(read_only=True)"),
  created_by: col.identity<number>("UserBasicSerializer(read_only=True)"),
};

export type InsightRecord = RecordOf<typeof INSIGHT_FIELDS>;
