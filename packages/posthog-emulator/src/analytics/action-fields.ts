// The Action's field table (core/serializer.ts): its own module, importing nothing but core's field kit, so the
// state (core/state.ts) can fill a stored action's new columns without reaching the Actions handlers, which need
// the request context and the state in turn.
// PostHog: products/actions/backend/api/action.py (ActionSerializer, ActionStepJSONSerializer).
import { drf } from "../core/drf";
import { fieldError } from "../core/fields";
import { clone, isObject, type Json, type JsonObject } from "../core/json";
import { col, parser, type RecordOf } from "../core/serializer";

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
