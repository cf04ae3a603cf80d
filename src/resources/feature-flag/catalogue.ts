// getFeatureFlag's entry in the catalogue (../catalogue.ts); descriptions from its public types' doc comments.
import { z } from "zod";
import { functionInputs, functionOutputs, RulesFor, symbolDoc, type FunctionDoc } from "../catalogue-kit";
import type { FeatureFlagInfo } from "./functions";
import { featureFlagArgs } from "./function-args";

const args = featureFlagArgs;

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
