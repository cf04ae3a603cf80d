// Public shape shared by Survey and Invite outputs. Plain TypeScript: the public declarations import nothing
// but @pulumi/pulumi and files like this one.

/** The PostHog user who created an object. */
export interface UserSummary {
  id: number;
  uuid: string;
  distinctId: string;
  firstName: string;
  email: string;
  isEmailVerified: boolean | null;
}
