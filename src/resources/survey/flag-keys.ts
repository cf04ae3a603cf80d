// Flags named by key (linkedFlagKey, targetingFlagKey) -> the ids PostHog's write body takes, through the
// project's cached flag listing: many surveys naming flags cost one listing, not one request each.
import type { PostHogClient } from "../../client";
import { FLAG_KEY_INPUTS } from "./inputs";
import { findFlagByKey, unknownFlagKey } from "../feature-flag/lookup";
import type { SurveyField } from "./fields";

type Json = Record<string, unknown>;

/**
 * The fields to write and the values to write them from, with each declared flag key replaced by its flag's id.
 * Of an id input and its key input, the one the program declares governs: the other one's reset is not sent.
 */
export async function resolveFlagKeys(
  client: PostHogClient,
  project: string,
  inputs: Json,
  fields: readonly SurveyField[],
): Promise<{ values: Json; fields: SurveyField[] }> {
  const values = { ...inputs };
  let kept = [...fields];
  for (const [idInput, keyInput] of Object.entries(FLAG_KEY_INPUTS) as [SurveyField, SurveyField][]) {
    if (inputs[keyInput] !== undefined) kept = kept.filter((f) => f !== idInput);
    else if (inputs[idInput] !== undefined) kept = kept.filter((f) => f !== keyInput);
    const key = inputs[keyInput];
    if (typeof key !== "string" || !kept.includes(keyInput)) continue;
    const flag = await findFlagByKey(client, project, key);
    if (!flag) throw unknownFlagKey(keyInput, key, project);
    values[keyInput] = flag.id;
  }
  return { values, fields: kept };
}
