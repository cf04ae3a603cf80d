import { z } from "zod";
import { jsonObject } from "./wire-common";

/** FeatureFlag / MinimalFeatureFlagSerializer. The provider relies on id, key and filters. */
export const featureFlagSchema = z.looseObject({
  id: z.number().int(),
  key: z.string(),
  name: z.string().nullish(),
  filters: jsonObject.nullish(),
  active: z.boolean().nullish(),
  deleted: z.boolean().nullish(),
  team_id: z.number().int().nullish(),
});
export type WireFeatureFlag = z.infer<typeof featureFlagSchema>;
