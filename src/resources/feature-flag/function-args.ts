// getFeatureFlag's arguments: the rules the catalogue documents and the function checks calls by.
import { z } from "zod";
import { projectIdRule } from "../../provider-kit/function-args";
// The public Args interfaces import these rules, so the compile-time link that each rule fits its interface sits
// with the interface (FitsPublic), and this file imports nothing back from the functions.

export const featureFlagArgs = {
  key: z.string(),
  projectId: projectIdRule.optional(),
};
