// The user summary PostHog nests as `created_by`, in output form (shared by both resources).
import type { WireUserBasic } from "../client";
import type { UserSummary } from "./user-summary";

export function userSummary(wire: WireUserBasic | null | undefined): UserSummary | null {
  if (!wire) return null;
  return {
    id: wire.id,
    uuid: wire.uuid,
    distinctId: wire.distinct_id ?? "",
    firstName: wire.first_name ?? "",
    email: wire.email,
    isEmailVerified: wire.is_email_verified ?? null,
  };
}
