import { currentUserSchema, type WireCurrentUser } from "./users.wire";
import type { Transport } from "./transport";

export interface UsersApi {
  /** The key's user, with the project and organization PostHog treats as "@current". */
  me(): Promise<WireCurrentUser>;
}

export function usersApi(t: Transport): UsersApi {
  return {
    me: () => t.call({ method: "GET", path: "/api/users/@me/", schema: currentUserSchema }),
  };
}
