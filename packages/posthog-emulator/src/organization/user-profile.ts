// The two profile fields the basic user shape carries beyond identity: the hedgehog avatar and the role.
import { isObject, type Json } from "../core/json";

// PostHog: posthog/models/user.py, ROLE_CHOICES (User.role_at_organization, nullable).
export const ROLES_AT_ORGANIZATION = [
  "engineering",
  "data",
  "product",
  "founder",
  "leadership",
  "marketing",
  "sales",
  "other",
] as const;
export type RoleAtOrganization = (typeof ROLES_AT_ORGANIZATION)[number];

const HEDGEHOG_KEYS = ["use_as_profile", "color", "accessories", "skin"] as const;

/**
 * The hedgehog summary shown on a user: null for anything but a non-empty object; version 2 configs keep their
 * look under `actor_options` (a non-object there reads as empty). Missing keys read as null.
 * PostHog: posthog/api/shared.py, UserBasicSerializer.get_hedgehog_config.
 */
export function hedgehogSummary(stored: Json | undefined): Record<string, Json> | null {
  if (!isObject(stored) || Object.keys(stored).length === 0) return null;
  const options = stored.version === 2 ? stored.actor_options : stored;
  const look = isObject(options) ? options : {};
  const pick = (key: string): Json => {
    const source = key === "use_as_profile" ? stored : look;
    return Object.prototype.hasOwnProperty.call(source, key) ? source[key] : null;
  };
  return Object.fromEntries(HEDGEHOG_KEYS.map((key) => [key, pick(key)]));
}
