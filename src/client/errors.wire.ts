import { z } from "zod";

/** exceptions_hog error body. Everything optional: proxies and non-DRF 5xx send other bodies. */
export const errorBodySchema = z.looseObject({
  type: z.string().nullish(),
  code: z.unknown().optional(),
  detail: z.unknown().optional(),
  attr: z.string().nullish(),
});
export type WireErrorBody = z.infer<typeof errorBodySchema>;
