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
import { drf } from "../core/drf";
import { Collector, expectObject, fieldError } from "../core/fields";
import { clone, isObject, type Json, type JsonObject } from "../core/json";
import { col, newRecord, parseFields, parser, type RecordOf } from "../core/serializer";
import { pagedList } from "../core/pagination";

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

/** ActionStepJSONSerializer(many=True): a list of objects, stored as sent. */
function parseSteps(value: Json): JsonObject[] {
  if (!Array.isArray(value)) throw fieldError("Expected a list of items.", "not_a_list");
  return value.map((step) => {
    if (!isObject(step)) throw fieldError("Expected a list of items.", "not_a_list");
    return clone(step);
  });
}

/** The ActionSerializer fields the emulator models, as a field table (core/serializer.ts). */
export const ACTION_FIELDS = {
  id: col.identity<number>("AutoField(read_only=True)"),
  name: col.input(drf.char({ allowBlank: true, maxLength: 400 }), ""),
  description: col.input(drf.char({ allowBlank: true }), ""),
  steps: col.input(parser("ActionStepJSONSerializer(many=True)", false, parseSteps), []),
  team_id: col.identity<number>("ForeignKey(Team)"),
  created_at: col.identity<number>("DateTimeField(read_only=True)"),
  created_by: col.identity<number>("UserBasicSerializer(read_only=True)"),
};

export type ActionRecord = RecordOf<typeof ACTION_FIELDS>;

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
