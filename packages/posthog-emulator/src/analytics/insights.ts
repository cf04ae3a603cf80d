// Minimal Insights: only so a survey's linked_insight_id can point at something that exists.
// PostHog: products/product_analytics/backend/api/insight.py (InsightSerializer; a small subset of its fields).
import { randomBytes } from "node:crypto";
import { created, resolveProject, type Ctx, type Params, type Result } from "../core/context";
import { drfTime } from "../core/dates";
import { Collector, expectObject } from "../core/fields";
import { newRecord, parseFields } from "../core/serializer";
import { pagedList } from "../core/pagination";
import { INSIGHT_FIELDS, type InsightRecord } from "./insight-fields";

export { INSIGHT_FIELDS, type InsightRecord };

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
