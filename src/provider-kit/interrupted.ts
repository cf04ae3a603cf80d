// Who holds which PostHog object in this run, so that no resource deletes what another resource of the stack holds
// (docs/contributing/interrupted-runs.md, "Adoption and import claim…").
//
// Objects an interrupted run created: when an `up` dies after PostHog applied a create, the engine keeps only a
// pending CREATE operation (pulumi/pulumi pkg/backend/snapshot.go, SnapshotManager.Snap), which the next `up` does
// not read: it calls Create again. Create then takes over what the earlier run made instead of making it twice.
//
// Taking over, adopting (`adopt`) and importing (`pulumi import`, a Read with only an id) all have one hazard: the
// object may belong to another resource of the same stack, one this very run deletes. A resource renamed without an
// alias is a new resource to the engine: its create runs while the program registers it, and the old name's delete
// runs at the end of the run, after every registration has been stepped (pulumi/pulumi
// pkg/resource/deploy/deployment_executor.go, Execute: performPostSteps -> stepGenerator.GenerateDeletes once the
// source is done). An object imported in an earlier run is held by a resource the engine diffs in this run before
// any of those deletes: every resource in the program that has an old state gets a Diff, with its id and URN
// (step_generator.go, generateStepsFromDiff -> stepGenerator.diff -> diffResource -> prov.Diff). All these steps run
// in one provider process (the engine starts one per provider: the dynamic providers' `pulumi-nodejs`, or one
// plugin instance), so the process remembers who holds what, and a delete leaves a held object alone.
import { identityFromUrn } from "./identity";
import { warn } from "./warn";

/**
 * How this run came to hold an object: made by a create, taken over from an interrupted run, adopted (`adopt`, or
 * `pulumi import`), held by a resource whose diff keeps its id, wanted by a create that was refused on it, or
 * deleted by this process.
 */
type Claim = "created" | "taken" | "adopted" | "held" | "refused" | "deleted";

interface Entry {
  claim: Claim;
  /** The URN of the resource that holds it, when known. */
  holder?: string;
}

// Process-wide: the engine sends every step of one run to one provider process.
const claims = new Map<string, Entry>();

const keyOf = (kind: string, id: string) => `${kind}\u0000${id}`;

/** Records that a create of this run made `id`: no other create takes it over. */
export function markCreated(kind: string, id: string, holder?: string): void {
  const key = keyOf(kind, id);
  if (!claims.has(key)) claims.set(key, { claim: "created", holder });
}

/** Claims `id`, made by an earlier run, for a create of this run. False when this run made, took or deleted it. */
export function claimForTakeOver(kind: string, id: string, holder?: string): boolean {
  const key = keyOf(kind, id);
  const entry = claims.get(key);
  if (entry && entry.claim !== "held") return false;
  claims.set(key, { claim: "taken", holder: holder ?? entry?.holder });
  return true;
}

/** Whether `id` may still be taken over by a create in this run (not claimed nor deleted). */
export function isUnclaimed(kind: string, id: string): boolean {
  const entry = claims.get(keyOf(kind, id));
  return entry === undefined || entry.claim === "held";
}

/**
 * Claims `id` for `holder`, which adopts it (`adopt`) or imports it (`pulumi import`). Undefined when claimed;
 * otherwise why not: another create of this run made, took or adopted it, or this run deleted it.
 */
export function claimForAdoption(kind: string, id: string, holder: string | undefined): string | undefined {
  const key = keyOf(kind, id);
  const entry = claims.get(key);
  if (entry && entry.claim !== "held" && entry.claim !== "refused" && entry.holder !== holder) {
    return entry.claim === "deleted"
      ? `this run deleted ${kind} ${id}`
      : `${holderName(entry.holder, "another resource")} of this run already ${CLAIMED[entry.claim]}`;
  }
  claims.set(key, { claim: "adopted", holder });
  return undefined;
}

/**
 * Records that `holder` keeps `id` through this run: called by a diff that does not replace the resource. Never
 * weakens a claim this run made (a create, a take-over, an adoption).
 */
export function holdForRun(kind: string, id: string, holder: string | undefined): void {
  if (!id || !holder) return;
  const key = keyOf(kind, id);
  if (!claims.has(key)) claims.set(key, { claim: "held", holder });
}

/**
 * Records that the create of `holder` was refused on `id` (it cannot prove the object its own): what a resource
 * renamed without an alias meets. The engine still deletes the old name at the end of a run that goes on after the
 * refusal (`pulumi up --continue-on-error`), so that delete must fail instead: the object stays in PostHog and the
 * old name in the stack, where an alias can still find it. Never replaces another claim.
 */
export function markRefused(kind: string, id: string, holder: string | undefined): void {
  const key = keyOf(kind, id);
  const entry = claims.get(key);
  if (!entry || entry.claim === "held") claims.set(key, { claim: "refused", holder });
}

/** What each claim says the holder did, as a message puts it. */
const CLAIMED: Record<Exclude<Claim, "deleted" | "refused">, string> = {
  created: "created it",
  taken: "took it over",
  adopted: "adopted or imported it",
  held: "holds it",
};

/** How a message names the holder: `resource "<name>" (<urn>)`, or `fallback` when unknown. */
function holderName(holder: string | undefined, fallback: string): string {
  const name = identityFromUrn(holder)?.name;
  return name === undefined ? fallback : `resource "${name}" (${holder})`;
}

/**
 * Before deleting `id`: false, with a warning naming the holder, when another resource of this run holds it (took
 * it over, adopted or imported it, or keeps it, as its diff showed): the caller must leave it alone. Throws when a
 * create of this run was refused on it (markRefused), so the resource stays in the stack. Otherwise records the
 * delete, so no create takes it over, and answers true.
 */
export function claimForDelete(kind: string, id: string, label: string): boolean {
  const key = keyOf(kind, id);
  const entry = claims.get(key);
  if (entry?.claim === "refused") {
    throw new Error(
      `${label}: not deleting ${kind} ${id}: in this run the create of ${holderName(entry.holder, "another resource")} ` +
        "was refused on it, as happens to a resource renamed without an alias. It stays in PostHog, and this " +
        "resource stays in the stack: give that resource an alias to this one's name (nothing is sent), or set " +
        "adopt on it, or remove it from the program, and run pulumi up again.",
    );
  }
  if (entry && entry.claim !== "created" && entry.claim !== "deleted") {
    const why =
      entry.claim === "taken"
        ? " (it was made by an earlier run that was interrupted, or this resource was renamed)"
        : "";
    warn(
      `${label}: not deleting ${kind} ${id}: ${holderName(entry.holder, "another resource")} of this stack ` +
        `${CLAIMED[entry.claim]} in this run${why}. It stays in PostHog, managed by that resource; only this ` +
        "resource leaves the stack.",
    );
    return false;
  }
  claims.set(key, { claim: "deleted" });
  return true;
}
