// Personal API key authentication and scopes (docs/contributing/posthog-behaviour.md#routing-and-auth, #rate-limits-and-scopes).
import { createHash } from "node:crypto";
import { authenticationFailed, notAuthenticated, permissionDenied, type KeySource } from "./errors";
import type { ApiRequest } from "./request";
import { adminUserId, type Store, type UserRecord } from "./state";

export interface Principal {
  user: UserRecord;
  scopes: string[];
  /** a hash identifying the key (rate-limit bucket); never the key itself */
  keyId: string;
}

export function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** PostHog reads the key from `Authorization: Bearer <key>` or `?personal_api_key=`. */
function findKey(req: ApiRequest): { key: string; source: KeySource } | undefined {
  const header = req.headers.authorization;
  if (typeof header === "string") {
    const m = /^Bearer\s+(\S.+)$/.exec(header);
    if (m) return { key: m[1].trim(), source: "Authorization header" };
  }
  const q = req.param("personal_api_key");
  if (q) return { key: q, source: "query string" };
  return undefined;
}

export function authenticate(store: Store, req: ApiRequest): Principal {
  const found = findKey(req);
  if (!found) throw notAuthenticated();
  const keyId = hashKey(found.key);
  const { data } = store;
  let userId: number | undefined;
  let scopes: string[] = [];
  if (found.key === data.admin_key) {
    userId = adminUserId(data);
    scopes = ["*"];
  } else {
    const rec = data.keys.find((k) => k.hash === keyId);
    if (rec) {
      userId = rec.user_id;
      scopes = rec.scopes;
    }
  }
  const user = userId === undefined ? undefined : store.user(userId);
  // PostHog: posthog/models/user.py, UserManager.get_from_personal_api_key only finds active users.
  if (!user || user.is_active === false || !store.memberOf(user.id)) throw authenticationFailed(found.source);
  return { user, scopes, keyId };
}

/** `*` allows everything; `x:write` satisfies `x:read`. */
export function hasScope(scopes: string[], required: string): boolean {
  if (scopes.includes("*") || scopes.includes(required)) return true;
  const [object, action] = required.split(":");
  return action === "read" && scopes.includes(`${object}:write`);
}

export function requireScope(principal: Principal, required: string): void {
  if (!hasScope(principal.scopes, required))
    throw permissionDenied(`API key missing required scope '${required}'`);
}

/** The admin key guards /_emulator/*; same 401 bodies as the API. */
export function checkAdmin(store: Store, req: ApiRequest): void {
  const found = findKey(req);
  if (!found) throw notAuthenticated();
  if (found.key !== store.data.admin_key) throw authenticationFailed(found.source);
}
