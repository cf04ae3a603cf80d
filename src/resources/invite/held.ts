// What an Invite holds in PostHog, as the run's claims name it (ownership/claims.ts): its pending invite,
// or, once the person has joined, their membership. Read from the stored outputs by diff (the resource keeps its
// invite through the run) and by delete (which must leave it alone when another resource of the stack holds it).
import type { Json } from "../../provider-kit/json";
import { MEMBER_ID_PREFIX } from "./mapping";

/** The invite PostHog knows this resource by: `inviteId`, which an in-place re-invite moves on from the id. */
export function inviteIdOf(id: string, props: Json): string {
  return typeof props.inviteId === "string" && props.inviteId.length > 0 ? props.inviteId : id;
}

/** The kind the claims name a membership by; its id is PostHog's member id. */
export const MEMBER_CLAIM = "member";

/** The membership a resource with these outputs holds, when the state knows its id. */
export function memberIdOf(id: string, props: Json): string | undefined {
  if (typeof props.memberId === "string" && props.memberId.length > 0) return props.memberId;
  return id.startsWith(MEMBER_ID_PREFIX) ? id.slice(MEMBER_ID_PREFIX.length) : undefined;
}

/**
 * The pending invite the resource `id` with stored outputs `props` holds; none once accepted. A membership is
 * claimed only by adoption: a diff's hold lasts as long as its provider process, and the removal it would guard
 * is opt-in (`removeMemberOnDelete`), so a process serving more than one run (the engine harness) must not keep a
 * later run's removal from happening.
 */
export function heldInvite(id: string, props: Json): string | undefined {
  if (id.startsWith(MEMBER_ID_PREFIX) || props.status === "accepted") return undefined;
  return inviteIdOf(id, props);
}
