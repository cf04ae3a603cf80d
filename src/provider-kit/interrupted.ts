// Objects an interrupted run created. When an `up` dies after PostHog applied a create, the engine keeps only a
// pending CREATE operation (pulumi/pulumi pkg/backend/snapshot.go, SnapshotManager.Snap), which the next `up`
// does not read: it calls Create again (docs/contributing/interrupted-runs.md). Create then takes over what the earlier run
// made instead of making it twice.
//
// Taking over has one hazard: the object may belong to another resource of the same stack, one this very run is
// about to delete (a resource renamed without an alias is created under its new name first and its old name is
// deleted at the end of the run). Both steps run in this one provider process, so the process remembers what it
// took over and what it deleted, and never does both to one object.
import { warn } from "./warn";

/** Made by this process, taken over from an earlier run, or deleted by this process. */
type Claim = "created" | "taken" | "deleted";

// Process-wide: the engine sends every step of one run to one provider process.
const claims = new Map<string, Claim>();

const keyOf = (kind: string, id: string) => `${kind}\u0000${id}`;

/** Records that a create of this run made `id`: no other create takes it over. */
export function markCreated(kind: string, id: string): void {
  const key = keyOf(kind, id);
  if (!claims.has(key)) claims.set(key, "created");
}

/** Claims `id`, made by an earlier run, for a create of this run. False when this run made, took or deleted it. */
export function claimForTakeOver(kind: string, id: string): boolean {
  const key = keyOf(kind, id);
  if (claims.has(key)) return false;
  claims.set(key, "taken");
  return true;
}

/** Whether `id` may still be taken over by a create in this run (not claimed nor deleted). */
export function isUnclaimed(kind: string, id: string): boolean {
  return !claims.has(keyOf(kind, id));
}

/**
 * Before deleting `id`: false, with a warning, when a create of this run took it over (the object now belongs to
 * that resource), so the caller must leave it alone; otherwise records the delete so no create takes it over.
 */
export function claimForDelete(kind: string, id: string, label: string): boolean {
  const key = keyOf(kind, id);
  if (claims.get(key) === "taken") {
    warn(
      `${label}: not deleting ${kind} ${id}: another resource of this run took it over (it was made by an ` +
        "earlier run that was interrupted, or this resource was renamed). It stays in PostHog, managed by that resource.",
    );
    return false;
  }
  claims.set(key, "deleted");
  return true;
}
