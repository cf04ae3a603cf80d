// One address, one invitation per run. PostHog keeps one invite per address: a POST for an address that has a
// pending invite deletes it, makes a new one and emails the person again (posthog/api/organization_invite.py,
// OrganizationInviteSerializer.create: OrganizationInviteManager.delete_existing_invites, then send_invite). Two
// resources of one run that invite one address (two Invites, two InviteBatches, or one of each) would send two
// emails and leave the first resource holding an invite PostHog has replaced. The pending-invite check before a
// create reads PostHog just before the POST (interrupted.ts, invitesNow), and would name another resource's invite
// as one it cannot prove its own, or miss one still being sent; so the run keeps its own record: the first resource
// to invite an address holds it, and any other fails before it sends anything, naming both (also when the read
// found the holder's invite: refuseIfHeldByAnother).
//
// Where the record holds: in the provider process, and across the run's other provider processes in a file record
// (provider-kit/run-record.ts). The engine starts one plugin process per provider of a run (pulumi/pulumi
// pkg/host/host.go, defaultHost.Provider: each load is a new process; pkg/resource/deploy/providers/registry.go
// loads one per provider reference: two explicit providers of one organization are two), and every dynamic resource of a
// program uses the one default `pulumi-nodejs` provider, whose server (sdk/nodejs/cmd/dynamic-provider/index.ts,
// getProvider) loads each resource's `__provider` with require-from-string into that one process: Invite's and
// InviteBatch's shims require this package's modules through Node's module cache, so both share this map. The
// engine runs independent steps at once, but in one event loop: `holdAddresses` checks and records without
// awaiting, so of two concurrent creates exactly one gets the address.
import { holdAcrossRun } from "../../provider-kit/run-record";
import { normaliseEmail } from "./inputs";
import type { Inviter } from "./inviter";

// Per host, organization and lowercased address: who invited it in this run.
const holders = new Map<string, Inviter>();

const keyOf = (host: string, org: string, email: string) => [host, org, normaliseEmail(email)].join("\u0000");

/**
 * Records that `inviter` invites each of `emails` in this run, before anything is sent. Throws, recording nothing,
 * when another resource of the run already holds one of them.
 */
export function holdAddresses(host: string, org: string, emails: readonly string[], inviter: Inviter): void {
  const taken = emails.flatMap((email) => {
    const holder = holders.get(keyOf(host, org, email));
    return holder && holder.id !== inviter.id ? [{ email: normaliseEmail(email), holder }] : [];
  });
  if (taken.length > 0) throw addressTaken(org, inviter, taken);
  // Then the run's other provider processes (an explicit provider of the same organization is one of its own).
  const fresh = emails.filter((email) => !holders.has(keyOf(host, org, email)));
  const across = holdAcrossRun(
    "invited",
    fresh.map((email) => keyOf(host, org, email)),
    inviter,
  );
  if (across.length > 0) {
    const byKey = new Map(fresh.map((email) => [keyOf(host, org, email), normaliseEmail(email)]));
    throw addressTaken(
      org,
      inviter,
      across.map(({ key, holder }) => ({ email: byKey.get(key) ?? key, holder })),
    );
  }
  for (const email of emails) holders.set(keyOf(host, org, email), inviter);
}

/**
 * Throws, recording nothing, when another resource of the run already holds one of `emails` in this process: a
 * pending invite the read before a POST found is then that resource's, and the refusal names it (the read comes
 * before `holdAddresses`, so a create it refuses holds nothing).
 */
export function refuseIfHeldByAnother(
  host: string,
  org: string,
  emails: readonly string[],
  inviter: Inviter,
): void {
  const taken = emails.flatMap((email) => {
    const holder = holders.get(keyOf(host, org, email));
    return holder && holder.id !== inviter.id ? [{ email: normaliseEmail(email), holder }] : [];
  });
  if (taken.length > 0) throw addressTaken(org, inviter, taken);
}

function addressTaken(org: string, inviter: Inviter, taken: { email: string; holder: Inviter }[]): Error {
  const which = taken.map(({ email, holder }) => `${email} (by ${holder.name})`).join(", ");
  const one = taken.length === 1;
  return new Error(
    `${inviter.name} cannot invite ${one ? "an address" : "addresses"} that another resource of this run already ` +
      `invites to organization ${org}: ${which}. Nothing was sent for ${inviter.name}: PostHog keeps one invite ` +
      "per address, so a second invitation would replace the first and email the person again. Declare each " +
      "address in one resource only (an Invite or one InviteBatch), and remove it from the other",
  );
}
