// The InviteBatch resource: many people invited to a PostHog organization with the bulk endpoint. Adding,
// removing or changing a person touches only that person. The provider object is the thin shim (batch-shim.ts).
import { recordProgramRunKind } from "../../provider-kit/run-kind";
import * as pulumi from "@pulumi/pulumi";
import type { AppliedPerson, BatchInvitation, InviteLevel, PrivateProjectAccess } from "./types";
import { declaredArgs } from "../../provider-kit/seam";
import { warnOfPlainKey } from "../../provider-kit/plain-key";
import { positionAtCaller } from "../../provider-kit/source-position";
import { IDENTITY_INPUT, urnInput } from "../../ownership";

const BATCH_TYPE = "pulumi-nodejs:dynamic/posthog:InviteBatch";

const batchProvider: pulumi.dynamic.ResourceProvider = require("./batch-shim");

/** One person in a batch (see BatchPerson for the resolved shape). */
export interface BatchPersonArgs {
  /** Who to invite. Compared lowercased, as PostHog stores it. */
  targetEmail: pulumi.Input<string>;
  /** At most 30 characters. */
  firstName?: pulumi.Input<string>;
  /** member (default), admin or owner. */
  level?: pulumi.Input<InviteLevel>;
  /** Private projects the person gets access to on joining. */
  privateProjectAccess?: pulumi.Input<pulumi.Input<PrivateProjectAccess>[]>;
  /** Overrides the batch's removeMemberOnDelete for this person. */
  removeMemberOnDelete?: pulumi.Input<boolean>;
}

/** The arguments of `new InviteBatch(name, args)`: each may be a plain value or a Pulumi Input. */
export interface InviteBatchArgs {
  /** Organization (UUID). Defaults to posthog:organizationId / POSTHOG_ORGANIZATION_ID, then the key's current organization. Changing it replaces the batch; a changed posthog:organizationId leaves an existing batch where it is. */
  organizationId?: pulumi.Input<string>;
  /** The people to invite; each email (compared lowercased) at most once. */
  invites: pulumi.Input<pulumi.Input<BatchPersonArgs>[]>;
  /** Text added to every invite email; a change applies to people invited from then on. */
  message?: pulumi.Input<string | null>;
  /** Send the invite emails (default true). */
  sendEmail?: pulumi.Input<boolean>;
  /**
   * Removing an accepted person from `invites` (or deleting the batch) also removes them from the organization
   * (default false: only pending invites are deleted). Each person may override it.
   */
  removeMemberOnDelete?: pulumi.Input<boolean>;
}

/** Many people invited to a PostHog organization at once; a change touches only the people it concerns. */
export class InviteBatch extends pulumi.dynamic.Resource {
  declare readonly organizationId: pulumi.Output<string>;
  declare readonly message: pulumi.Output<string | null>;
  declare readonly sendEmail: pulumi.Output<boolean>;
  declare readonly removeMemberOnDelete: pulumi.Output<boolean>;
  /** The people as applied, defaults filled in; once accepted, `level` is the member's level in PostHog. */
  declare readonly invites: pulumi.Output<AppliedPerson[]>;
  /** Per person (keyed by lowercased email): invite id, status and expiry. */
  declare readonly invitations: pulumi.Output<Record<string, BatchInvitation>>;

  constructor(name: string, args: InviteBatchArgs, opts?: pulumi.CustomResourceOptions) {
    // The provider's preview notices need to know whether this run is a preview (provider-kit/run-kind.ts).
    recordProgramRunKind();
    // The source position the engine records is the caller's line (provider-kit/source-position.ts).
    const restoreStacks = positionAtCaller(__filename);
    try {
      super(
        batchProvider,
        name,
        {
          organizationId: undefined,
          message: undefined,
          sendEmail: undefined,
          removeMemberOnDelete: undefined,
          // Refused here if it holds a "__proto__" key, before the SDK copies it (provider-kit/seam.ts).
          ...declaredArgs("InviteBatch", name, args),
          // Not an argument: which resource of which stack this is, so a run can tell two resources inviting one
          // address apart and name both (ownership/identity.ts, invited-this-run.ts).
          [IDENTITY_INPUT]: urnInput(BATCH_TYPE, name, opts),
          invitations: undefined,
        },
        opts,
        "posthog",
        "InviteBatch",
      );
    } finally {
      restoreStacks();
    }
    warnOfPlainKey(this);
  }
}
