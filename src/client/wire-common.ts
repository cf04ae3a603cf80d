import { z } from "zod";

/** ISO 8601 timestamp as DRF renders it ("...Z" or with an offset, any sub-second precision). */
export const isoDate = z.iso.datetime({ offset: true });

/** Free-form JSON object (appearance, conditions, filters): passed through untouched. */
export const jsonObject = z.record(z.string(), z.unknown());

/** UserBasicSerializer: strict on identity, loose for the rest (hedgehog_config, role...). */
export const userBasicSchema = z.looseObject({
  id: z.number().int(),
  uuid: z.string(),
  email: z.string(),
  distinct_id: z.string().nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  is_email_verified: z.boolean().nullish(),
});
export type WireUserBasic = z.infer<typeof userBasicSchema>;
