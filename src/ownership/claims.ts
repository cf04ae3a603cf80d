// Who holds which PostHog object in this run, so that no resource deletes what another resource of the stack holds
// (docs/contributing/interrupted-runs.md, "Claims: what a run holds").
//
// Objects an interrupted run created: when an `up` dies after PostHog applied a create, the engine keeps only a
// pending CREATE operation (pulumi/pulumi pkg/backend/snapshot.go, SnapshotManager.Snap), which the next `up` does
// not read: it calls Create again. Create then takes over what the earlier run made instead of making it twice.
//
// Taking over, adopting (`adopt`) and importing (`pulumi import`, a Read with only an id) all have one hazard: the
// object may belong to another resource of the same stack, one this very run deletes. A resource renamed without an
// alias is a new resource to the engine: its create runs while the program registers it, and the old name's delete
// runs at the end of the run, once the program has finished and every registration has been stepped (pulumi/pulumi
// pkg/resource/deploy/deployment_executor.go, Execute: performPostSteps -> stepGenerator.GenerateDeletes once the
// source is done). An object imported in an earlier run is held by a resource the engine diffs in this run before
// any of those deletes: every resource in the program that has an old state gets a Diff, with its id and URN
// (step_generator.go, generateStepsFromDiff -> stepGenerator.diff -> diffResource -> prov.Diff). And the engine
// checks every resource the program registers (stepGenerator.generateSteps -> prov.Check) before its create, so a
// resource that declares `adopt` says so before any delete too.
//
// These calls reach more than one process: the engine starts a process per provider (the dynamic providers' one
// `pulumi-nodejs`, the plugin's default provider, each explicit provider: pkg/resource/deploy/providers/registry.go,
// loadProvider), and a resource moved to another provider is created in one process and deleted, under its old name,
// in another. So every claim is kept in this process's memory (which alone serves a call made outside an engine run)
// and in the run's file record (provider-kit/run-record.ts), which every provider process of the run reads.
import { identityFromUrn } from "./identity";
import { holdAcrossRun, holderAcrossRun, noteAcrossRun, notedAcrossRun } from "../provider-kit/run-record";
import { warn } from "../provider-kit/warn";

/**
 * How this run came to hold an object: made by a create, taken over from an interrupted run, adopted (`adopt`, or
 * `pulumi import`), held by a resource whose diff keeps its id, wanted by a create that was refused on it, or
 * deleted by this run.
 */
type Claim = "created" | "taken" | "adopted" | "held" | "refused" | "deleted";

interface Entry {
  claim: Claim;
  /** The URN of the resource that holds it, when known. */
  holder?: string;
}

// This process's claims: what the run's file record holds too, and all there is outside an engine run.
const claims = new Map<string, Entry>();
// Which adoptions resources of this run declared (markWanted), by kind and target.
const wanted = new Map<string, Set<string>>();

const keyOf = (kind: string, id: string) => `${kind}\u0000${id}`;

/** The claims only one resource can make on an object: made, took over, adopted, deleted. */
const isExclusive = (e: Entry): e is Entry & { claim: "created" | "taken" | "adopted" | "deleted" } =>
  e.claim === "created" || e.claim === "taken" || e.claim === "adopted" || e.claim === "deleted";

/** The claims by which a resource keeps an object through the run: took over, adopted, holds. */
const isKeeping = (e: Entry): e is Entry & { claim: "taken" | "adopted" | "held" } =>
  e.claim === "taken" || e.claim === "adopted" || e.claim === "held";

// The file record's scopes: the exclusive claim on an object (one holder: link(2) decides between processes), and
// the notes any number of resources add (a diff's hold, a refused create, a declared adoption).
const OWNER = "claim";
const NOTES = { held: "claim-held", refused: "claim-refused", wanted: "claim-wanted" } as const;

/** A holder's id in the file record: its URN, or this process for a claim made without one. */
const recordId = (holder: string | undefined) => holder ?? `process ${process.pid}`;
const holderOf = (id: string) => (id.startsWith("urn:") ? id : undefined);

function isClaim(value: string): value is Claim {
  return ["created", "taken", "adopted", "held", "refused", "deleted"].includes(value);
}

/** Every claim this run knows on `id`: this process's, and those of the run's other provider processes. */
function entriesOf(kind: string, id: string): Entry[] {
  const key = keyOf(kind, id);
  const entries: Entry[] = [];
  const here = claims.get(key);
  if (here) entries.push(here);
  const owner = holderAcrossRun(OWNER, key);
  if (owner && isClaim(owner.name)) entries.push({ claim: owner.name, holder: holderOf(owner.id) });
  for (const claim of ["held", "refused"] as const)
    for (const note of notedAcrossRun(NOTES[claim], key)) entries.push({ claim, holder: holderOf(note.id) });
  return entries;
}

/**
 * Makes the run's one exclusive claim on `id` for `holder`: false when another holder has it (in this process or
 * another), which then keeps it.
 */
function claimExclusively(kind: string, id: string, claim: Claim, holder: string | undefined): boolean {
  const taken = holdAcrossRun(OWNER, [keyOf(kind, id)], { id: recordId(holder), name: claim });
  return taken.length === 0;
}

/** Records that a create of this run made `id`: no other create takes it over. */
export function markCreated(kind: string, id: string, holder?: string): void {
  const key = keyOf(kind, id);
  if (!claims.has(key)) claims.set(key, { claim: "created", holder });
  claimExclusively(kind, id, "created", holder);
}

/**
 * Claims `id`, made by an earlier run, for the create of `holder`. False when any other resource of this run has a
 * claim on it (made, took, adopted or holds it, declared its adoption, was refused on it) or this run deleted it: a
 * take-over never overrides what another resource holds.
 */
export function claimForTakeOver(kind: string, id: string, holder?: string): boolean {
  const others = entriesOf(kind, id).filter((e) => !(e.claim === "held" && e.holder === holder));
  if (others.length > 0 || (holder !== undefined && wantedBy(kind, [`id:${id}`], holder))) return false;
  if (!claimExclusively(kind, id, "taken", holder)) return false;
  claims.set(keyOf(kind, id), { claim: "taken", holder });
  return true;
}

/** Whether `id` may still be taken over by a create in this run (nothing but holds on it). */
export function isUnclaimed(kind: string, id: string): boolean {
  return entriesOf(kind, id).every((e) => e.claim === "held");
}

/**
 * Claims `id` for `holder`, which adopts it (`adopt`) or imports it (`pulumi import`). Undefined when claimed;
 * otherwise why not: another resource of this run made, took or adopted it, or this run deleted it.
 */
export function claimForAdoption(kind: string, id: string, holder: string | undefined): string | undefined {
  const refusal = (entry: Entry & { claim: "created" | "taken" | "adopted" | "deleted" }) =>
    entry.claim === "deleted"
      ? `this run deleted ${kind} ${id}`
      : `${holderName(entry.holder, "another resource")} of this run already ${CLAIMED[entry.claim]}`;
  const blocking = entriesOf(kind, id).find((e) => isExclusive(e) && e.holder !== holder);
  if (blocking && isExclusive(blocking)) return refusal(blocking);
  // One object, one resource of the stack (issue 55, item 7): a resource whose diff keeps the object holds it, and
  // an adoption's PATCH would write this resource's fields over that resource's.
  const keeper = otherKeeper(kind, id, holder);
  if (keeper !== undefined) return `${keeper}: one object is managed by one resource of a stack`;
  if (!claimExclusively(kind, id, "adopted", holder)) {
    const owner = holderAcrossRun(OWNER, keyOf(kind, id));
    const entry: Entry = {
      claim: owner && isClaim(owner.name) ? owner.name : "adopted",
      holder: owner && holderOf(owner.id),
    };
    return refusal(isExclusive(entry) ? entry : { claim: "adopted", holder: entry.holder });
  }
  claims.set(keyOf(kind, id), { claim: "adopted", holder });
  return undefined;
}

/**
 * Another resource of this run (not `holder`) that made, took over, adopted or holds `id`, said as a message puts
 * it (`resource "<name>" (<urn>) of this stack created it`); undefined when none is known to this run. A resource of
 * the stack holds its object from its diff, which the engine runs as the program registers it.
 */
export function otherKeeper(kind: string, id: string, holder: string | undefined): string | undefined {
  const other = entriesOf(kind, id).find(
    (e) => e.holder !== undefined && e.holder !== holder && e.claim !== "deleted" && e.claim !== "refused",
  );
  if (other === undefined || other.claim === "deleted" || other.claim === "refused") return undefined;
  return `${holderName(other.holder, "another resource")} of this stack ${CLAIMED[other.claim]}`;
}

/**
 * Records that `holder` keeps `id` through this run: called by a diff that does not replace the resource. Never
 * weakens a claim this run made (a create, a take-over, an adoption).
 */
export function holdForRun(kind: string, id: string, holder: string | undefined): void {
  if (!id || !holder) return;
  const key = keyOf(kind, id);
  if (!claims.has(key)) claims.set(key, { claim: "held", holder });
  noteAcrossRun(NOTES.held, key, { id: holder, name: "held" });
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
  noteAcrossRun(NOTES.refused, key, { id: recordId(holder), name: "refused" });
}

/**
 * Records, at check, that `holder` declares the adoption of `target` (`id:<id>`, `name:<name>`, `address:<email>`,
 * as its kind names what `adopt` points at). Check runs for every resource the program registers before any delete
 * of a resource that left it, so a delete knows of the adoption even when the adopting create failed before its
 * claim, or never ran (`pulumi up --continue-on-error`).
 */
export function markWanted(kind: string, target: string, holder: string | undefined): void {
  if (!holder) return;
  const key = keyOf(kind, target);
  wanted.set(key, new Set([...(wanted.get(key) ?? []), holder]));
  noteAcrossRun(NOTES.wanted, key, { id: holder, name: "wanted" });
}

/** A resource of this run other than `except` that declared the adoption of one of `targets`, if any. */
function wantedBy(kind: string, targets: readonly string[], except?: string): string | undefined {
  for (const target of targets) {
    const key = keyOf(kind, target);
    const holders = [...(wanted.get(key) ?? []), ...notedAcrossRun(NOTES.wanted, key).map((n) => n.id)];
    const other = holders.find((holder) => holder !== except);
    if (other !== undefined) return other;
  }
  return undefined;
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
 * it over, adopted or imported it, or keeps it, as its diff showed), in this provider process or another: the
 * caller must leave it alone. Throws, so the resource stays in the stack, when a create of this run was refused on
 * it (markRefused), or a resource of this run declared its adoption (markWanted: `id:<id>` and `also`, the other
 * targets that name it) and does not hold it. Otherwise records the delete, so no create takes it over, and answers
 * true.
 */
export function claimForDelete(
  kind: string,
  id: string,
  label: string,
  also: readonly string[] = [],
): boolean {
  const entries = entriesOf(kind, id);
  const keeper = entries.find(isKeeping);
  if (keeper && isKeeping(keeper)) {
    const why =
      keeper.claim === "taken"
        ? " (it was made by an earlier run that was interrupted, or this resource was renamed)"
        : "";
    warn(
      `${label}: not deleting ${kind} ${id}: ${holderName(keeper.holder, "another resource")} of this stack ` +
        `${CLAIMED[keeper.claim]} in this run${why}. It stays in PostHog, managed by that resource; only this ` +
        "resource leaves the stack.",
    );
    return false;
  }
  const refused = entries.find((e) => e.claim === "refused");
  if (refused) {
    throw new Error(
      `${label}: not deleting ${kind} ${id}: in this run the create of ${holderName(refused.holder, "another resource")} ` +
        "was refused on it, as happens to a resource renamed without an alias. It stays in PostHog, and this " +
        "resource stays in the stack: give that resource an alias to this one's name (nothing is sent), or set " +
        "adopt on it, or remove it from the program, and run pulumi up again.",
    );
  }
  const adopter = wantedBy(kind, [`id:${id}`, ...also]);
  if (adopter !== undefined) {
    throw new Error(
      `${label}: not deleting ${kind} ${id}: ${holderName(adopter, "another resource")} of this run declares ` +
        "adopt of it and has not adopted it (its create failed or did not run). It stays in PostHog, and this " +
        "resource stays in the stack: fix that resource's error and run pulumi up again.",
    );
  }
  claims.set(keyOf(kind, id), { claim: "deleted" });
  claimExclusively(kind, id, "deleted", undefined);
  return true;
}
