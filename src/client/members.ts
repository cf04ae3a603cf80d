import { z } from "zod";
import { memberSchema, type WireMember } from "./members.wire";
import { seg } from "./base-url";
import { listAll } from "./paginate";
import type { Transport } from "./transport";

/** PostHog's numeric organization level (1 member, 8 admin, 15 owner). */
export type MemberLevelNumber = 1 | 8 | 15;

// PostHog: posthog/api/organization_member.py, OrganizationMemberViewSet. Members are addressed by their user's
// uuid; there is no retrieve (a GET by id has no action, refused to a personal API key), so a member is looked
// up through the list.
export interface MembersApi {
  listAll(orgId: string): Promise<WireMember[]>;
  /** PATCH the member's level; refused with PostHog's own 403/400 when the key's user may not. */
  setLevel(orgId: string, userUuid: string, level: MemberLevelNumber): Promise<WireMember>;
  /** DELETE the membership (the user leaves the organization). */
  remove(orgId: string, userUuid: string): Promise<void>;
}

export function membersApi(t: Transport): MembersApi {
  const base = (orgId: string) => `/api/organizations/${seg(orgId)}/members/`;
  return {
    listAll: (orgId) => listAll(t, base(orgId), { limit: 100 }, memberSchema),
    setLevel: (orgId, userUuid, level) =>
      t.call({
        method: "PATCH",
        path: `${base(orgId)}${seg(userUuid)}/`,
        body: { level },
        schema: memberSchema,
      }),
    async remove(orgId, userUuid) {
      await t.call({ method: "DELETE", path: `${base(orgId)}${seg(userUuid)}/`, schema: z.unknown() });
    },
  };
}
