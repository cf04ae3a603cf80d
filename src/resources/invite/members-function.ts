// getMembers: every member of an organization, with the level they have in PostHog.
import * as pulumi from "@pulumi/pulumi";
import { membershipFacts } from "./mapping";
import type { InviteLevel } from "./types";
import { functionContext, organizationOf } from "../../provider-kit/function-context";
import { mockedAnswer } from "../../provider-kit/function-mocks";
import { checkArgs } from "../../provider-kit/function-args";
import type { FitsPublic } from "../../provider-kit/public-shape";
import { orgArgs } from "./function-args";

/** A member of the organization as getMembers reads it from PostHog. */
export interface MemberInfo {
  /** The membership id. */
  memberId: string;
  /** The user's uuid: how PostHog addresses the membership. */
  userUuid: string;
  /** The member's email address. */
  email: string;
  /** The member's first name. */
  firstName: string;
  /** The member's last name. */
  lastName: string;
  /** member, admin or owner. */
  level: InviteLevel;
  /** When they joined (ISO 8601); null if PostHog does not say. */
  joinedAt: string | null;
}

/** The arguments of getMembers and getMembersOutput. */
export interface GetMembersArgs {
  /** Defaults to posthog:organizationId / POSTHOG_ORGANIZATION_ID, then the key's current organization. */
  organizationId?: string;
}
const _orgArgsFit: FitsPublic<typeof orgArgs, GetMembersArgs> = true;

/** What getMembers returns: the organization and its members. */
export interface GetMembersResult {
  /** The organization the members were read from. */
  organizationId: string;
  /** Newest member first, as PostHog lists them. */
  members: MemberInfo[];
}

/** The members of an organization, with the level each has. */
export async function getMembers(given: GetMembersArgs = {}): Promise<GetMembersResult> {
  const args = checkArgs("getMembers", orgArgs, given);
  const mocked = mockedAnswer<GetMembersResult>("getMembers", args);
  if (mocked) return mocked;
  const ctx = functionContext();
  const organizationId = await organizationOf(ctx, args.organizationId);
  const members = await ctx.client.members.listAll(organizationId);
  return {
    organizationId,
    members: members.map((m): MemberInfo => ({
      ...membershipFacts(m),
      email: m.user.email,
      firstName: m.user.first_name ?? "",
      lastName: m.user.last_name ?? "",
      joinedAt: m.joined_at ?? null,
    })),
  };
}

/** getMembers with Pulumi Inputs as arguments, returning an Output. */
export function getMembersOutput(
  args: pulumi.Input<{ organizationId?: pulumi.Input<string> }> = {},
): pulumi.Output<GetMembersResult> {
  return pulumi.output(args).apply((a) => getMembers(a));
}
