// Minimal Insights: only so a survey's linked_insight_id can point at something that exists.
// PostHog: products/product_analytics/backend/api/insight.py (InsightSerializer; a small subset of its fields).
import { randomBytes } from "node:crypto";
import { created, resolveProject, type Ctx, type Params, type Result } from "../core/context";
import { drfTime } from "../core/dates";
import { charField, Collector, expectObject } from "../core/fields";
import { pagedList } from "../core/pagination";
import type { InsightRecord } from "../core/state";

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
  const name = c.field("name", (v) => charField(v, { allowBlank: true, allowNull: true, maxLength: 400 }));
  c.throwIfAny();
  const { data } = ctx.core.store;
  const insight: InsightRecord = {
    id: data.next.insight++,
    short_id: randomBytes(4).toString("hex"),
    team_id: project.id,
    name: name ?? "",
    created_at: ctx.core.clock.nowMs(),
    created_by: ctx.principal.user.id,
  };
  data.insights.push(insight);
  return created(insightShape(insight));
}
