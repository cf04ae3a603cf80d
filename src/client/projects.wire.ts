import { z } from "zod";

/** Project/Team: only id and name matter to the provider. */
export const projectSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  organization: z.string().nullish(),
});
export type WireProject = z.infer<typeof projectSchema>;
