// Which Invite or InviteBatch a call is for, read from the URN the faces pass (ownership/identity.ts): the
// one-address-one-invitation record of a run (invited-this-run.ts) tells two resources apart by it and names both.
import { identityFromUrn, urnOf } from "../../ownership";
import type { Json } from "../../provider-kit/json";

/**
 * A resource that invites: `id` tells two resources apart (their URN), `name` is how messages name it, `urn` is
 * the URN when the face gave one: the holder of what it adopts or is refused (ownership/claims.ts).
 */
export interface Inviter {
  id: string;
  name: string;
  urn?: string;
}

/**
 * The resource the inputs belong to, as its URN names it (`Invite "alice"`, `InviteBatch "team"`); `fallback` when
 * the inputs carry no URN (a provider module called directly, outside both faces).
 */
export function inviterOf(kind: "Invite" | "InviteBatch", inputs: Json, fallback: string): Inviter {
  const { urn } = urnOf(inputs);
  const identity = identityFromUrn(urn);
  return urn && identity
    ? { id: urn, name: `${kind} "${identity.name}"`, urn }
    : { id: fallback, name: fallback };
}
