import { z } from "zod";
import { isoDate, userBasicSchema } from "./wire-common";

/** OrganizationMemberSerializer: the user's email is what invites are matched against. */
export const memberSchema = z.looseObject({
  id: z.string(),
  user: userBasicSchema,
  level: z.number().int(),
  joined_at: isoDate.nullish(),
  updated_at: isoDate.nullish(),
});
export type WireMember = z.infer<typeof memberSchema>;
