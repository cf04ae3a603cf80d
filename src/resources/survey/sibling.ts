// A survey another resource of this stack created, met by a create (its name clashes) or an adoption, whichever of
// the two resources the engine steps first (issue 55, item 7). The run's claims name the other resource once its diff
// has run (ownership/claims.ts, otherKeeper); before that only the survey's question ids tell, by the stack's part
// (ownership.ts, siblingMade), and they do not say which resource. Adopting it would write this resource's fields
// and questions over that resource's, and the two would then flip them back and forth on every run.
import { adoptSetting, aliasOption, identityFromUrn, thisFace } from "../../ownership";
import { RESOURCE_TOKENS } from "../../provider-kit/tokens";
import { LEAVE_IN_POSTHOG, listedIn } from "./deletion-protection";

/**
 * The variable whose survey ids an `adopt` takes although their question ids say another resource of this stack
 * created them: for a survey whose creator has left the program (a rename without an alias: its delete at the end of
 * the run then leaves the survey to the adopter, ownership/claims.ts) or the state (pulumi state delete,
 * LEAVE_IN_POSTHOG). The adopting create cannot tell that case from a sibling the engine steps later: the user can.
 */
export const ADOPT_FROM_THIS_STACK = "POSTHOG_ADOPT_FROM_THIS_STACK";

/** Whether the environment lets `adopt` take survey `id` from this stack's other resource. */
export const adoptionFromThisStackAllowed = (id: string): boolean => listedIn(ADOPT_FROM_THIS_STACK, id);

const CREATED_BY = "another resource of this stack created it (its question ids carry this stack's mark";
const CREATED = `${CREATED_BY} and not this resource's)`;
const ONE = "one survey is managed by one resource of a stack. Nothing was written.";

/** Where the creator may have gone, and the way out that takes the survey over then (`adopt`, when not declared). */
function afterItLeft(id: string, adopt?: string): string {
  return (
    "If the resource that created it has left the program (renamed without an alias, or removed) or the state " +
    `(pulumi state delete, ${LEAVE_IN_POSTHOG}), run the same command with ${adopt ? `${adopt} and ` : ""}` +
    `${ADOPT_FROM_THIS_STACK}=${id} in the environment`
  );
}

/** The refusal of a create whose name `id` holds (the caller names the resource). */
export function siblingClash(id: string, urn: string | undefined): string {
  const face = thisFace();
  // A plugin resource can also be imported under its new name (the old name's delete then leaves the survey).
  const importWay =
    face === "dynamic"
      ? ""
      : `, or pulumi import ${RESOURCE_TOKENS.Survey} ${identityFromUrn(urn)?.name ?? "<resource name>"} ${id}`;
  return (
    `Survey ${id} holds the name, and ${CREATED}: ${ONE} Give this resource another survey name, or remove one of ` +
    `the two from the program. After a rename, declare its old name as an alias: ${aliasOption(urn, face)}. ` +
    `${afterItLeft(id, adoptSetting({ id }, face))}${importWay}.`
  );
}

/** The refusal of an `adopt` of survey `id` (the caller names the resource). */
export function siblingAdoption(id: string, urn: string | undefined): string {
  return (
    `cannot adopt survey ${id}: ${CREATED}: ${ONE} After a rename, declare its old name as an alias instead of ` +
    `adopt: ${aliasOption(urn, thisFace())}. ${afterItLeft(id)}.`
  );
}

/** The preview's warning of such a create (clash-preview.ts): what the `up` will do. */
export function siblingAtPreview(label: string, id: string, project: string): string {
  return (
    `${label}: survey ${id} already holds this name in project ${project}, and ${CREATED_BY}), so ` +
    "pulumi up will refuse to create it: one survey is managed by one resource of a stack."
  );
}
