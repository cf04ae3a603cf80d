import { z } from "zod";

/** GET /api/users/@me/: only the current project and organization matter (to resolve "@current" defaults). */
export const currentUserSchema = z.looseObject({
  uuid: z.string().nullish(),
  email: z.string().nullish(),
  team: z.looseObject({ id: z.number().int() }).nullish(),
  organization: z.looseObject({ id: z.string() }).nullish(),
});
export type WireCurrentUser = z.infer<typeof currentUserSchema>;
