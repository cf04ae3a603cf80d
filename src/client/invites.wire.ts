import { z } from "zod";
import { isoDate, userBasicSchema } from "./wire-common";

export const privateProjectAccessSchema = z.looseObject({
  id: z.number().int(),
  level: z.string(),
});

/** OrganizationInviteSerializer response. The provider relies on id, email, expiry and dates. */
export const inviteSchema = z.looseObject({
  id: z.string(),
  target_email: z.string(),
  is_expired: z.boolean(),
  created_at: isoDate,
  updated_at: isoDate.nullish(),
  first_name: z.string().nullish(),
  level: z.number().int().nullish(),
  message: z.string().nullish(),
  emailing_attempt_made: z.boolean().nullish(),
  private_project_access: z.array(privateProjectAccessSchema).nullish(),
  created_by: userBasicSchema.nullish(),
});
export type WireInvite = z.infer<typeof inviteSchema>;

export const inviteListSchema = z.array(inviteSchema);

/** Body for POST .../invites/ and each element of .../invites/bulk/. */
export interface InviteWriteBody {
  target_email: string;
  first_name?: string;
  message?: string | null;
  level?: 1 | 8 | 15;
  private_project_access?: { id: number; level: "member" | "admin" }[];
  send_email?: boolean;
}
