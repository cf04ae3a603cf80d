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
import { Collector, expectObject } from "../core/fields";
import { type JsonObject } from "../core/json";
import { newRecord, parseFields } from "../core/serializer";
import { pagedList } from "../core/pagination";
import { ACTION_FIELDS, type ActionRecord } from "./action-fields";

export { ACTION_FIELDS, type ActionRecord };

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
  const write = parseFields(ACTION_FIELDS, c, undefined, true);
  c.throwIfAny();
  const { data } = ctx.core.store;
  const identity = {
    id: data.next.action++,
    team_id: project.id,
    created_at: ctx.core.clock.nowMs(),
    created_by: ctx.principal.user.id,
  };
  const action = newRecord(ACTION_FIELDS, identity, write);
  data.actions.push(action);
  return created(actionShape(ctx.core, action));
}
