// Ownership: when an object in PostHog is this resource's, and what the run does when it cannot tell. The rules in
// full, with the engine and PostHog sources they rest on, are docs/contributing/interrupted-runs.md; this is the map.
//
// WHAT PROVES IT. An object or a question is a resource's only by a fact, never by a name, an address, matching
// terms or a list position (two stacks of one program on one PostHog declare the same names and terms):
// - the id its state holds (an Invite's `inviteId`, a batch person's invite, a survey's id);
// - what this run sent or claimed, in any of its provider processes (the claims, below);
// - the stack's mark, a random value made once per stack and kept in its state (stack-mark.ts), which no other
//   stack can share;
// - the whole URN: the parents' type chain and the name tell two resources of one stack apart (identity.ts; on the
//   dynamic face the classes pass it as the input `__identity`, urn-input.ts).
// How each kind shows it stays with the kind, and reaches these rules through this file:
// - Survey: question ids derived from the mark and the URN, sent at create (resources/survey/ownership.ts); a create
//   that meets the survey holding its name takes it over only with those ids, its declared fields, and a claim
//   (resources/survey/interrupted.ts).
// - Invite, InviteBatch: an invite carries no mark, so only the held id and what this run sent prove one: the run's
//   record of the addresses it invites (resources/invite/invited-this-run.ts), the held invite or membership
//   (held.ts); a pending invite for the address is refused, never taken over (interrupted.ts); a gone invite counts
//   as accepted only for a member who joined while it was valid (acceptance.ts).
//
// WHAT A CLAIM IS (claims.ts). A fact of the run: which resource (its URN) made, took over, adopted or imported,
// keeps (its diff did not replace it), was refused on, declared `adopt` of, or deleted an object. Made, took over,
// adopted and deleted are exclusive (one holder); the others are notes any number of resources add. A take-over never
// overrides another resource's claim; a second adoption fails naming the first; a delete leaves alone what another
// resource holds (with a warning) and fails on what a create of this run was refused on or declares to adopt, so a
// resource renamed without an alias never takes its old name's object with it. Adopting (`adopt`, adoption.ts) and
// `pulumi import` (import.ts) are claims.
//
// HOW THE RUN SHARES IT. The engine starts one process per provider (the dynamic providers' one, the plugin's default
// provider, each explicit provider), and a resource moved between providers is created in one and deleted in
// another. So every claim is kept in this process's memory and in the run's file record
// (provider-kit/run-record.ts): files in a folder named by the engine's address, which every provider process of the
// run is given; an exclusive claim is one file made with link(2), which one process wins; each file holds its
// maker's pid, so an earlier run's record on the same address is ignored.
// The rule behind it: A FACT OF THE RUN THAT ANOTHER PROCESS'S STEP DEPENDS ON IS NEVER KEPT ONLY IN MEMORY. Besides
// the claims: an object a diff found at another PostHog and leaves there (provider-kit/placement.ts), and a
// replacement's consent, `deletionProtection: false` on the new inputs (resources/survey/deletion-protection.ts),
// both kept through provider-kit/run-facts.ts, since the old object's delete runs in the provider its state names.
//
// WITHOUT A PROOF. A create takes nothing over and sends nothing more: it fails naming the object and the ways out,
// a teammate's backend first, then an alias, `adopt`, and `pulumi import` on the plugin face, in at most 80 words
// (refusals.ts); a preview says it first, as a warning (clash-scope.ts, and each kind's clash-preview.ts). A request
// that may have been applied is never sent twice: a POST that got no answer is looked up instead (late-create.ts),
// and a survey found that way is taken only on the proof above.
//
// Imports: the resources and the faces reach this folder only through this file, and it imports no resource, face or
// command (eslint.config.mjs): resources -> ownership -> provider-kit -> client. A preview and a program load this
// file, so it loads neither the HTTP client nor the Pulumi SDK (late-create.ts and urn-input.ts require them when
// called).

export { IDENTITY_INPUT, STACK_MARK_INPUT, identityFromUrn, urnOf, type ResourceIdentity } from "./identity";
export { urnInput } from "./urn-input";
export { STACK_MARK_NAME, STACK_MARK_TYPE, isStackMark, newStackMark } from "./stack-mark";
export {
  claimForAdoption,
  otherKeeper,
  claimForDelete,
  claimForTakeOver,
  holdForRun,
  markCreated,
  markRefused,
  markWanted,
} from "./claims";
export { adoptionWarning, isCreate } from "./adoption";
export {
  checkImportId,
  claimImported,
  importedAs,
  notFoundForImport,
  type ImportKind,
  type Imported,
} from "./import";
export { TEAMMATE_WAY, aliasOption, adoptSetting, renameWaysOut, thisFace, type Face } from "./refusals";
export { clashScope } from "./clash-scope";
export { findLateCreate, noAnswer } from "./late-create";
