// Minimal Insights: only so a survey's linked_insight_id can point at something that exists.
// PostHog: products/product_analytics/backend/api/insight.py (InsightSerializer; a small subset of its fields).
import { randomBytes } from "node:crypto";
import { created, resolveProject, type Ctx, type Params, type Result } from "../core/context";
import { drfTime } from "../core/dates";
import { drf } from "../core/drf";
import { Collector, expectObject } from "../core/fields";
import { col, newRecord, parseFields, refine, type RecordOf } from "../core/serializer";
import { pagedList } from "../core/pagination";

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

function insightShape(i: InsightRecord): Record<string, unknown> {
  return { id: i.id, short_id: i.short_id, name: i.name, created_at: drfTime(i.created_at) };
}

export function listInsights(ctx: Ctx, p: Params): Result {
  const project = resolveProject(ctx, p.project);
  const insights = ctx.core.store.data.insights
    .filter((i) => i.team_id === project.id)
    .sort((a, b) => b.id - a.id);
  return pagedList(ctx, insights, insightShape);
}

export function createInsight(ctx: Ctx, p: Params): Result {
  const project = resolveProject(ctx, p.project);
  const c = new Collector(expectObject(ctx.req.json()), false);
  const write = parseFields(INSIGHT_FIELDS, c, undefined, true);
  c.throwIfAny();
  const { data } = ctx.core.store;
  const identity = {
    id: data.next.insight++,
    short_id: randomBytes(4).toString("hex"),
    team_id: project.id,
    created_at: ctx.core.clock.nowMs(),
    created_by: ctx.principal.user.id,
  };
  const insight = newRecord(INSIGHT_FIELDS, identity, write);
  data.insights.push(insight);
  return created(insightShape(insight));
}
