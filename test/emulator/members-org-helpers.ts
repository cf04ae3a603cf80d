// The setting PostHog's APIBaseTest gives its API tests, on the emulator: the test's own user ("self") is a
// plain member with its own key; the admin key (the owner) stands in for the ORM the Python tests set up with.
import type { Harness, Reply } from "./helpers";

export const MEMBER = 1;
export const ADMIN = 8;
export const OWNER = 15;

export interface Actor {
  email: string;
  uuid: string;
  key: string;
  call(method: string, path: string, body?: unknown): Promise<Reply>;
}

/** A member of the given level with a key of every scope, acting through that key. */
export async function createActor(h: Harness, email: string, level = MEMBER, firstName = ""): Promise<Actor> {
  const member = await h.control("POST", "/members", { email, level, first_name: firstName });
  if (member.status !== 201) throw new Error(`member ${email}: ${member.status}`);
  const key = (await h.control("POST", "/keys", { scopes: ["*"], email })).body.key as string;
  return {
    email,
    uuid: member.body.user.uuid as string,
    key,
    call: (method, path, body) => h.api(method, path, body, { key }),
  };
}

/** Sets a member's level directly, as `organization_membership.level = …; save()` does in the Python tests. */
export async function setLevel(h: Harness, uuid: string, level: number): Promise<void> {
  const r = await h.control("PATCH", `/members/${uuid}`, { level });
  if (r.status !== 200) throw new Error(`set level: ${r.status}`);
}

export const permissionDeniedResponse = {
  type: "authentication_error",
  code: "permission_denied",
  detail: "You do not have permission to perform this action.",
  attr: null,
};
