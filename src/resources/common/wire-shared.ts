// Conversions both resources share: the user summary PostHog nests as `created_by`, and the record of what
// a program declared (kept in outputs so diffs and refresh can tell declared fields from server defaults).
import type { WireUserBasic } from "../../model/wire";
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

/** The inputs the program declared, without `__provider` and undefined values. */
export function declaredInputs(inputs: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(inputs)) {
    if (key !== "__provider" && value !== undefined) out[key] = value;
  }
  return out;
}
