// getFeatureFlag's entry in the catalogue (../catalogue.ts); descriptions from its public types' doc comments.
import { z } from "zod";
import {
  functionInputs,
  functionOutputs,
  projectIdRule,
  RulesFor,
  symbolDoc,
  type FunctionDoc,
} from "../catalogue-kit";
import type { FeatureFlagInfo, GetFeatureFlagArgs } from "./functions";

const args = { key: z.string(), projectId: projectIdRule.optional() } satisfies RulesFor<GetFeatureFlagArgs>;

const info = {
  projectId: z.string(),
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  active: z.boolean(),
  filters: z.record(z.string(), z.unknown()),
} satisfies RulesFor<FeatureFlagInfo>;

export function featureFlagFunctions(): FunctionDoc[] {
  return [
    {
      name: "getFeatureFlag",
      example: { name: "found", args: { key: "beta" }, output: "id" },
      description: symbolDoc("getFeatureFlag"),
      inputs: functionInputs(args, ["GetFeatureFlagArgs"]),
      outputs: functionOutputs(info, ["FeatureFlagInfo"]),
    },
  ];
}
