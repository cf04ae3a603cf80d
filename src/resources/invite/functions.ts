// getInvites: every invite of an organization (pending and expired; accepted ones no longer exist in PostHog).
import * as pulumi from "@pulumi/pulumi";
import { inviteFacts } from "./mapping";
import type { InviteOutputs } from "./types";
import { functionContext, organizationOf } from "../../provider-kit/function-context";
import { mockedAnswer } from "../../provider-kit/function-mocks";
import { checkArgs } from "../../provider-kit/function-args";
import type { FitsPublic } from "../../provider-kit/public-shape";
import { orgArgs } from "./function-args";

/** A pending or expired invite as getInvites reads it from PostHog. */
export type InviteInfo = Pick<
  InviteOutputs,
  | "inviteId"
  | "targetEmail"
  | "firstName"
  | "message"
  | "level"
  | "privateProjectAccess"
  | "isExpired"
  | "emailingAttemptMade"
  | "createdAt"
  | "updatedAt"
  | "createdBy"
> & { inviteId: string; status: "pending" | "expired" };

/** The arguments of getInvites and getInvitesOutput. */
export interface GetInvitesArgs {
  /** Defaults to posthog:organizationId / POSTHOG_ORGANIZATION_ID, then the key's current organization. */
  organizationId?: string;
}
const _orgArgsFit: FitsPublic<typeof orgArgs, GetInvitesArgs> = true;

/** What getInvites returns: the organization and its invites. */
export interface GetInvitesResult {
  /** The organization the invites were read from. */
  organizationId: string;
  /** Newest first, as PostHog lists them. */
  invites: InviteInfo[];
}

/** The pending and expired invites of an organization. */
export async function getInvites(given: GetInvitesArgs = {}): Promise<GetInvitesResult> {
  const args = checkArgs("getInvites", orgArgs, given);
  const mocked = mockedAnswer<GetInvitesResult>("getInvites", args);
  if (mocked) return mocked;
  const ctx = functionContext();
  const organizationId = await organizationOf(ctx, args.organizationId);
  const invites = await ctx.client.invites.listAll(organizationId);
  return { organizationId, invites: invites.map((invite): InviteInfo => inviteFacts(invite)) };
}

/** getInvites with Pulumi Inputs as arguments, returning an Output. */
export function getInvitesOutput(
  args: pulumi.Input<{ organizationId?: pulumi.Input<string> }> = {},
): pulumi.Output<GetInvitesResult> {
  return pulumi.output(args).apply((a) => getInvites(a));
}
