import { memberSchema, type WireMember } from "../model/wire/member";
import { seg } from "./base-url";
import { listAll } from "./paginate";
import type { Transport } from "./transport";

export interface MembersApi {
  listAll(orgId: string): Promise<WireMember[]>;
}

export function membersApi(t: Transport): MembersApi {
  return {
    listAll: (orgId) => listAll(t, `/api/organizations/${seg(orgId)}/members/`, { limit: 100 }, memberSchema),
  };
}
