// Minimal Actions: create and list under /api/projects/:id/actions/, enough for survey conditions to link
// them and for survey responses to expand them.
// PostHog: products/actions/backend/api/action.py (ActionSerializer, ActionStepJSONSerializer).
import {
  created,
  resolveProject,
  userBasic,
  type Core,
  type Ctx,
  type Params,
  type Result,
} from "../core/context";
import { drfTime } from "../core/dates";
import { charField, Collector, expectObject, fieldError } from "../core/fields";
import { clone, isObject, type JsonObject } from "../core/json";
import { pagedList } from "../core/pagination";
import type { ActionRecord } from "../core/state";

const STEP_KEYS = [
  "event",
  "properties",
  "selector",
  "tag_name",
  "text",
  "text_matching",
  "href",
  "href_matching",
  "url",
  "url_matching",
] as const;

/** Each step carries every ActionStepJSON key; absent ones are null. */
function stepShape(step: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const key of STEP_KEYS) out[key] = step[key] ?? null;
  return out;
}

/** ActionSerializer, the shape both the action list and survey conditions.actions.values show. */
export function actionShape(core: Core, a: ActionRecord): Record<string, unknown> {
  return {
    id: a.id,
    name: a.name,
    description: a.description,
    tags: [],
    post_to_slack: false,
    slack_message_format: "",
    steps: a.steps.map(stepShape),
    created_at: drfTime(a.created_at),
    created_by: userBasic(core.store.user(a.created_by)),
    deleted: false,
    is_calculating: false,
    last_calculated_at: null,
    team_id: a.team_id,
    is_action: true,
    bytecode_error: null,
    pinned_at: null,
    creation_context: null,
  };
}

function parseSteps(value: unknown): JsonObject[] {
  if (!Array.isArray(value) || value.some((s) => !isObject(s)))
    throw fieldError("Expected a list of items.", "not_a_list");
  return clone(value as JsonObject[]);
}

export function listActions(ctx: Ctx, p: Params): Result {
  const project = resolveProject(ctx, p.project);
  const actions = ctx.core.store.data.actions
    .filter((a) => a.team_id === project.id)
    .sort((a, b) => b.id - a.id);
  return pagedList(ctx, actions, (a) => actionShape(ctx.core, a));
}

export function createAction(ctx: Ctx, p: Params): Result {
  const project = resolveProject(ctx, p.project);
  const c = new Collector(expectObject(ctx.req.json()), false);
  const name = c.field("name", (v) => charField(v, { allowBlank: true, maxLength: 400 }) as string);
  const description = c.field("description", (v) => charField(v, { allowBlank: true }) as string);
  const steps = c.field("steps", parseSteps);
  c.throwIfAny();
  const { data } = ctx.core.store;
  const action: ActionRecord = {
    id: data.next.action++,
    team_id: project.id,
    name: name ?? "",
    description: description ?? "",
    steps: steps ?? [],
    created_at: ctx.core.clock.nowMs(),
    created_by: ctx.principal.user.id,
  };
  data.actions.push(action);
  return created(actionShape(ctx.core, action));
}
