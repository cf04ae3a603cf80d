import type { UserSummary } from "../../provider-kit/user-summary";
// Plain (resolved) shapes of Invite and InviteBatch inputs and outputs.

/** Organization levels an invite grants; InviteLevel derives from this list. */
export const INVITE_LEVELS = ["member", "admin", "owner"] as const;
/** An organization level: member, admin or owner (one of INVITE_LEVELS). */
export type InviteLevel = (typeof INVITE_LEVELS)[number];

/** Access to a private project, granted when the invite is accepted. */
export interface PrivateProjectAccess {
  /** The private project's id. */
  id: number;
  /** The person's level in that project. */
  level: "member" | "admin";
}

/** pending: sent, not accepted, not expired. expired: older than PostHog's 3 days. accepted: now a member. */
export type InviteStatus = "pending" | "expired" | "accepted";

/** The inputs of an Invite as the provider receives them, resolved (no Inputs or Outputs). */
export interface InviteInputs {
  organizationId?: string;
  targetEmail: string;
  firstName?: string;
  message?: string | null;
  level?: InviteLevel;
  privateProjectAccess?: PrivateProjectAccess[];
  sendEmail?: boolean;
  renewWhenExpired?: boolean;
  adopt?: boolean;
  /** Once accepted, deleting the resource also removes the person from the organization (default false). */
  removeMemberOnDelete?: boolean;
}

/** The PostHog user who created the invite. */
export type InviteUser = UserSummary;

/** What an Invite resource holds. Every field is present (null when PostHog has no value). */
export interface InviteOutputs {
  organizationId: string;
  targetEmail: string;
  firstName: string;
  message: string | null;
  level: InviteLevel;
  privateProjectAccess: PrivateProjectAccess[];
  sendEmail: boolean;
  renewWhenExpired: boolean;
  adopt: boolean;
  removeMemberOnDelete: boolean;
  /** PostHog's invite id; null when the person was already a member when the invite was declared. */
  inviteId: string | null;
  /** The organization member id once the invite is accepted (or the person already was a member). */
  memberId: string | null;
  /** The member's user uuid (how PostHog addresses a membership) once accepted; null before. */
  userUuid: string | null;
  /** Whether the invite is older than PostHog's 3 days and can no longer be accepted. */
  isExpired: boolean;
  /** Whether PostHog tried to send the invite email. */
  emailingAttemptMade: boolean;
  /** When the invite was created (ISO 8601). */
  createdAt: string | null;
  /** When the invite was last changed (ISO 8601). */
  updatedAt: string | null;
  /** The user who sent the invite. */
  createdBy: InviteUser | null;
  /** pending, expired or accepted (as of the last up or refresh). */
  status: InviteStatus;
}

/** One person in an InviteBatch. */
export interface BatchPerson {
  targetEmail: string;
  firstName?: string;
  level?: InviteLevel;
  privateProjectAccess?: PrivateProjectAccess[];
  /** Overrides the batch's removeMemberOnDelete for this person. */
  removeMemberOnDelete?: boolean;
}

/** The inputs of an InviteBatch as the provider receives them, resolved (no Inputs or Outputs). */
export interface InviteBatchInputs {
  organizationId?: string;
  invites: BatchPerson[];
  /** Shared message for the emails. Changing it applies to people invited from then on (no re-send). */
  message?: string | null;
  sendEmail?: boolean;
  /** Removing an accepted person from the batch (or deleting the batch) removes them from the organization (default false). */
  removeMemberOnDelete?: boolean;
}

/** Where one person of a batch stands. */
export interface BatchInvitation {
  /** The invite id; "member:<id>" when the person was already a member. */
  inviteId: string;
  /** pending, expired or accepted. */
  status: InviteStatus;
  /** Whether the invite is older than PostHog's 3 days. */
  isExpired: boolean;
  /** The member's user uuid, once accepted and seen in the member list. */
  userUuid?: string;
  /** When PostHog created the invite: acceptance counts only for a member who joined while it was valid. */
  createdAt?: string;
  /** The membership, once accepted and seen in the member list. */
  memberId?: string;
}

/**
 * A person as last applied. Before acceptance a change of the invite terms (all but removeMemberOnDelete) re-invites
 * them; once accepted, `level` is the member's level in PostHog and a change of it is PATCHed.
 */
export interface AppliedPerson {
  targetEmail: string;
  firstName: string;
  level: InviteLevel;
  privateProjectAccess: PrivateProjectAccess[];
  /** Only when declared for this person. */
  removeMemberOnDelete?: boolean;
}

/** What an InviteBatch resource holds: its settings, the people as applied and where each invitation stands. */
export interface InviteBatchOutputs {
  organizationId: string;
  message: string | null;
  sendEmail: boolean;
  removeMemberOnDelete: boolean;
  /** The people as applied (invited or found to be members), in declaration order. */
  invites: AppliedPerson[];
  /** Per person, keyed by lowercased email. */
  invitations: Record<string, BatchInvitation>;
}
