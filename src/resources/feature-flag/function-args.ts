// getFeatureFlag's arguments: the rules the catalogue documents and the function checks calls by.
import { z } from "zod";
import type { RulesFor } from "../catalogue-kit";
import { projectIdRule } from "../../provider-kit/function-args";
import type { GetFeatureFlagArgs } from "./functions";

export const featureFlagArgs = {
  key: z.string(),
  projectId: projectIdRule.optional(),
} satisfies RulesFor<GetFeatureFlagArgs>;
