// Organization members: GET /members/ and the helper the accept-invite and add-member controls use.
import { randomUUID } from "node:crypto";
import { ok, resolveOrg, type Core, type Ctx, type Params, type Result } from "./context";
import { drfTime } from "./dates";
import { paginate } from "./pagination";
import { newUser, type MemberRecord } from "./state";

export function memberShape(core: Core, m: MemberRecord): Record<string, unknown> {
  const u = core.store.user(m.user_id);
  return {
    id: m.id,
    user: u
      ? {
          id: u.id,
          uuid: u.uuid,
          distinct_id: u.distinct_id,
          first_name: u.first_name,
          last_name: u.last_name,
          email: u.email,
          is_email_verified: u.is_email_verified,
        }
      : null,
    level: m.level,
    joined_at: drfTime(m.joined_at),
    updated_at: drfTime(m.updated_at),
  };
}

/** Adds a user and its membership; the caller checks the email is not a member yet. */
export function addMember(core: Core, email: string, firstName: string, level: number): MemberRecord {
  const { data } = core.store;
  const user = newUser(data.next.user++, email, firstName, "");
  data.users.push(user);
  const now = core.clock.nowMs();
  const member: MemberRecord = { id: randomUUID(), user_id: user.id, level, joined_at: now, updated_at: now };
  data.members.push(member);
  return member;
}

export function listMembers(ctx: Ctx, p: Params): Result {
  resolveOrg(ctx, p.org);
  const members = [...ctx.core.store.data.members].sort((a, b) => a.joined_at - b.joined_at);
  const page = paginate(members, ctx.req, ctx.hostFallback);
  return ok({ ...page, results: page.results.map((m) => memberShape(ctx.core, m)) });
}
