// Public shape shared by Survey and Invite outputs. Plain TypeScript: the public declarations import nothing
// but @pulumi/pulumi and files like this one.

/** The PostHog user who created an object. */
export interface UserSummary {
  /** The user's numeric id. */
  id: number;
  /** The user's uuid. */
  uuid: string;
  /** The user's distinct id in PostHog's own analytics. */
  distinctId: string;
  /** The user's first name. */
  firstName: string;
  /** The user's email address. */
  email: string;
  /** Whether the user verified their email address; null when PostHog does not say. */
  isEmailVerified: boolean | null;
}
