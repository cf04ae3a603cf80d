// Flags named by key (linkedFlagKey, targetingFlagKey) -> the ids PostHog's write body takes, through the
// project's cached flag listing: many surveys naming flags cost one listing, not one request each.
import type { PostHogClient } from "../../client";
import { FLAG_KEY_INPUTS } from "./inputs";
import { findFlagByKey, unknownFlagKey } from "../feature-flag/lookup";
import type { SurveyField } from "./fields";
import type { SurveyFields } from "./types";

const PAIRS = [
  ["linkedFlagId", FLAG_KEY_INPUTS.linkedFlagId],
  ["targetingFlagId", FLAG_KEY_INPUTS.targetingFlagId],
] as const;

/**
 * The fields to write and the values to write them from, with each declared flag key replaced by its flag's id
 * (the id field written in place of the key field). Of an id input and its key input, the one the program
 * declares governs: the other one's reset is not sent.
 */
export async function resolveFlagKeys(
  client: PostHogClient,
  project: string,
  inputs: Partial<SurveyFields>,
  fields: readonly SurveyField[],
): Promise<{ values: Partial<SurveyFields>; fields: SurveyField[] }> {
  const values = { ...inputs };
  let kept = [...fields];
  for (const [idInput, keyInput] of PAIRS) {
    if (inputs[keyInput] !== undefined) kept = kept.filter((f) => f !== idInput);
    else if (inputs[idInput] !== undefined) kept = kept.filter((f) => f !== keyInput);
    const key = inputs[keyInput];
    if (typeof key !== "string" || !kept.includes(keyInput)) continue;
    const flag = await findFlagByKey(client, project, key);
    if (!flag) throw unknownFlagKey(keyInput, key, project);
    values[idInput] = flag.id;
    kept = kept.map((f) => (f === keyInput ? idInput : f));
  }
  return { values, fields: kept };
}
