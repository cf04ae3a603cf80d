import { z } from "zod";
import { inviteListSchema, inviteSchema, type InviteWriteBody, type WireInvite } from "./invites.wire";
import type { Page } from "./paginate.wire";
import { seg } from "./base-url";
import { getPage, listAll } from "./paginate";
import type { Transport } from "./transport";

/** PostHog rejects bulk calls above this (400 max_length), after validating nothing. */
export const MAX_BULK_INVITES = 20;

export interface InvitesApi {
  list(orgId: string, q?: { limit?: number; offset?: number }): Promise<Page<WireInvite>>;
  listAll(orgId: string): Promise<WireInvite[]>;
  create(orgId: string, body: InviteWriteBody): Promise<WireInvite>;
  bulkCreate(orgId: string, bodies: InviteWriteBody[]): Promise<WireInvite[]>;
  delete(orgId: string, id: string): Promise<void>;
}

export function invitesApi(t: Transport): InvitesApi {
  const base = (orgId: string) => `/api/organizations/${seg(orgId)}/invites/`;
  return {
    list: (orgId, q = {}) => getPage(t, base(orgId), { ...q }, inviteSchema),
    listAll: (orgId) => listAll(t, base(orgId), { limit: 100 }, inviteSchema),
    create: (orgId, body) => t.call({ method: "POST", path: base(orgId), body, schema: inviteSchema }),
    async bulkCreate(orgId, bodies) {
      if (bodies.length > MAX_BULK_INVITES) {
        throw new RangeError(
          `bulkCreate takes at most ${MAX_BULK_INVITES} invites per call (PostHog's limit), got ${bodies.length}: split the batch`,
        );
      }
      if (bodies.length === 0) return [];
      return t.call({ method: "POST", path: `${base(orgId)}bulk/`, body: bodies, schema: inviteListSchema });
    },
    async delete(orgId, id) {
      await t.call({ method: "DELETE", path: `${base(orgId)}${seg(id)}/`, schema: z.unknown() });
    },
  };
}
