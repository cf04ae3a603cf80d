// What an InviteBatch's outputs hold as the state stored them, parsed once where a provider call receives them:
// each field that holds a valid value, typed; a field missing or malformed (a state from an older version, or
// edited by hand) is left out, and the callers' defaults apply to it. Project access, declared or stored, is read
// here too, in one canonical order.
import { z } from "zod";
import type { Json } from "../../provider-kit/json";
import type { FitsPublic } from "../../provider-kit/public-shape";
import { typedFields } from "../../provider-kit/typed";
import { INVITE_LEVELS, type InviteBatchOutputs, type PrivateProjectAccess } from "./types";

const INVITE_STATUSES = ["pending", "expired", "accepted"] as const;

/** One private project entry: `{id, level}`, extra keys dropped. */
export const projectAccess = z.object({ id: z.number(), level: z.enum(["member", "admin"]) });

/** Project access in a canonical order, so the order it was declared in never causes a diff. */
export function canonicalAccess(list: unknown): PrivateProjectAccess[] {
  if (!Array.isArray(list)) return [];
  return list
    .flatMap((entry: unknown) => {
      const parsed = projectAccess.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    })
    .sort((a, b) => a.id - b.id);
}

// The defaults are appliedPerson's (batch-mapping.ts), so a person stored without them reads as declared so.
const appliedPerson = z.object({
  targetEmail: z.string(),
  firstName: z.string().default(""),
  level: z.enum(INVITE_LEVELS).default("member"),
  privateProjectAccess: z.array(projectAccess).default([]),
  removeMemberOnDelete: z.boolean().optional(),
});

const invitation = z.object({
  inviteId: z.string(),
  status: z.enum(INVITE_STATUSES),
  isExpired: z.boolean(),
  userUuid: z.string().optional(),
  createdAt: z.string().optional(),
  memberId: z.string().optional(),
});

const storedBatchShape = {
  organizationId: z.string(),
  message: z.string().nullable(),
  sendEmail: z.boolean(),
  removeMemberOnDelete: z.boolean(),
  invites: z.array(appliedPerson),
  invitations: z.record(z.string(), invitation),
};
const _storedBatchFits: FitsPublic<typeof storedBatchShape, InviteBatchOutputs> = true;

/** A batch's stored outputs, typed. */
export function storedBatch(outputs: Json): Partial<InviteBatchOutputs> {
  return typedFields(storedBatchShape, outputs);
}
