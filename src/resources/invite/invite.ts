// The Invite resource a Pulumi program declares: one person invited to a PostHog organization. The provider
// object passed to Pulumi is the thin shim (shim.ts).
import { recordProgramRunKind } from "../../provider-kit/run-kind";
import * as pulumi from "@pulumi/pulumi";
import type { InviteLevel, InviteStatus, InviteUser, PrivateProjectAccess } from "./types";
import { declaredArgs } from "../../provider-kit/seam";
import { warnOfPlainKey } from "../../provider-kit/plain-key";
import { positionAtCaller } from "../../provider-kit/source-position";
import { IDENTITY_INPUT, urnInput } from "../../ownership";

/** The type the dynamic provider gives an Invite in its URN. */
const INVITE_TYPE = "pulumi-nodejs:dynamic/posthog:Invite";

const inviteProvider: pulumi.dynamic.ResourceProvider = require("./shim");

/** The arguments of `new Invite(name, args)`: each may be a plain value or a Pulumi Input. */
export interface InviteArgs {
  /** Organization (UUID). Defaults to posthog:organizationId / POSTHOG_ORGANIZATION_ID, then the key's current organization. Changing it replaces the invite; a changed posthog:organizationId leaves an existing invite where it is. */
  organizationId?: pulumi.Input<string>;
  /** Who to invite. Compared lowercased, as PostHog stores it. */
  targetEmail: pulumi.Input<string>;
  /** At most 30 characters. */
  firstName?: pulumi.Input<string>;
  /** Text added to the invite email. */
  message?: pulumi.Input<string | null>;
  /** member (default), admin or owner; never above your own level. Once accepted, a change is applied to the membership. */
  level?: pulumi.Input<InviteLevel>;
  /** Private projects the person gets access to on joining. */
  privateProjectAccess?: pulumi.Input<pulumi.Input<PrivateProjectAccess>[]>;
  /** Send the invite email (default true). Write-only: changing it later sends nothing. */
  sendEmail?: pulumi.Input<boolean>;
  /** When the invite expires (after 3 days), replace it on the next `pulumi up`, re-sending it (default true). */
  renewWhenExpired?: pulumi.Input<boolean>;
  /**
   * Take over the pending invite for this email, if there is one, instead of sending a new one; if the person has
   * already joined, take over their membership. Nothing is sent either way. Used at create, and by an update of the
   * terms when the invite this resource held is gone.
   */
  adopt?: pulumi.Input<boolean>;
  /**
   * Once the person has accepted, deleting this resource (or replacing it with another person) also removes them
   * from the organization (default false: only a pending invite is ever deleted). PostHog never removes an owner.
   */
  removeMemberOnDelete?: pulumi.Input<boolean>;
}

/** One person invited to a PostHog organization; once they accept, their membership. */
export class Invite extends pulumi.dynamic.Resource {
  declare readonly organizationId: pulumi.Output<string>;
  declare readonly targetEmail: pulumi.Output<string>;
  declare readonly firstName: pulumi.Output<string>;
  declare readonly message: pulumi.Output<string | null>;
  declare readonly level: pulumi.Output<InviteLevel>;
  declare readonly privateProjectAccess: pulumi.Output<PrivateProjectAccess[]>;
  declare readonly sendEmail: pulumi.Output<boolean>;
  declare readonly renewWhenExpired: pulumi.Output<boolean>;
  declare readonly adopt: pulumi.Output<boolean>;
  declare readonly removeMemberOnDelete: pulumi.Output<boolean>;
  /** PostHog's invite id; null when the person was already a member. */
  declare readonly inviteId: pulumi.Output<string | null>;
  /** The member id once accepted (or when the person already was a member). */
  declare readonly memberId: pulumi.Output<string | null>;
  /** The member's user uuid once accepted (PostHog addresses memberships by it). */
  declare readonly userUuid: pulumi.Output<string | null>;
  declare readonly isExpired: pulumi.Output<boolean>;
  declare readonly emailingAttemptMade: pulumi.Output<boolean>;
  declare readonly createdAt: pulumi.Output<string | null>;
  declare readonly updatedAt: pulumi.Output<string | null>;
  declare readonly createdBy: pulumi.Output<InviteUser | null>;
  /** pending, expired or accepted (as of the last up or refresh). */
  declare readonly status: pulumi.Output<InviteStatus>;

  constructor(name: string, args: InviteArgs, opts?: pulumi.CustomResourceOptions) {
    // The provider's preview notices need to know whether this run is a preview (provider-kit/run-kind.ts).
    recordProgramRunKind();
    // The source position the engine records is the caller's line (provider-kit/source-position.ts).
    const restoreStacks = positionAtCaller(__filename);
    try {
      super(
        inviteProvider,
        name,
        {
          // Every output must be listed for Pulumi to create an Output for it (undefined is not sent).
          organizationId: undefined,
          firstName: undefined,
          message: undefined,
          level: undefined,
          privateProjectAccess: undefined,
          sendEmail: undefined,
          renewWhenExpired: undefined,
          adopt: undefined,
          removeMemberOnDelete: undefined,
          // Refused here if it holds a "__proto__" key, before the SDK copies it (provider-kit/seam.ts).
          ...declaredArgs("Invite", name, args),
          // Not an argument: which resource of which stack this is, so a run can tell two resources inviting one
          // address apart and name both (ownership/identity.ts, invited-this-run.ts), and so that what it adopts
          // is its own, which no resource leaving the stack deletes (ownership/claims.ts).
          [IDENTITY_INPUT]: urnInput(INVITE_TYPE, name, opts),
          inviteId: undefined,
          memberId: undefined,
          userUuid: undefined,
          isExpired: undefined,
          emailingAttemptMade: undefined,
          createdAt: undefined,
          updatedAt: undefined,
          createdBy: undefined,
          status: undefined,
        },
        opts,
        "posthog",
        "Invite",
      );
    } finally {
      restoreStacks();
    }
    warnOfPlainKey(this);
  }
}
