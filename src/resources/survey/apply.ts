// The Survey provider: create, read, update and delete against PostHog, loaded on first use by
// provider.ts (never in a preview); nothing here is ever serialized into state.
import type * as pulumi from "@pulumi/pulumi";
import type { WireSurvey } from "../../client";
import { resolveSettings } from "../../config";
import { callContext, callContextFor } from "../../provider-kit/context";
import { describeFailure, isNotFound, isOutcomeUnknown, isUniqueViolation } from "../../provider-kit/errors";
import { resourceInitError } from "../../provider-kit/init-error";
import {
  findLateCreate,
  claimForAdoption,
  claimForDelete,
  markCreated,
  markRefused,
  otherKeeper,
} from "../../ownership";
import { adoptionFromThisStackAllowed, siblingAdoption } from "./sibling";
import { declaredScope, resolveScope } from "../../scope";
import { invalidateProject, readSurvey } from "../../provider-kit/list-cache";
import {
  changedFields,
  currentValue,
  isJson,
  patchFields,
  resetValue,
  SURVEY_FIELD_NAMES,
  writeBody,
  type SurveyField,
} from "./fields";
import { resolveFlagKeys } from "./flag-keys";
import { takeLateAnswer, takeOverInterrupted } from "./interrupted";
import { ownedQuestionIds, siblingMade, unmarkedCreate } from "./ownership";
import { refuseProtectedDelete } from "./responses-held";
import { LEAVE_IN_POSTHOG, leftInPostHog, listedIn, surveyNamed } from "./deletion-protection";
import { warn } from "../../provider-kit/warn";
import { providerSettingsOnly } from "../../provider-kit/settings-source";
import { applyStatus } from "./lifecycle";
import { archivedInWrite, needsUnarchived, planLifecycle, type LifecycleState } from "./lifecycle-plan";
import { refusedTransition } from "./lifecycle-rules";
import { asStatus } from "./status";
import { lastDeclared } from "../../provider-kit/declared";
import { notFoundAfterMove } from "../../provider-kit/placement";
import type { SurveyDeclaration } from "./declaration";
import type { SurveyFields } from "./types";
import { reconstructInputs, storedOutputs, surveyOutputs } from "./mapping";

type Json = Record<string, unknown>;

/** The write body for `fields`, flag keys resolved to their ids. */
async function body(
  project: string,
  values: Partial<SurveyFields>,
  fields: readonly SurveyField[],
  outputs: Json,
) {
  const resolved = await resolveFlagKeys(callContext().client, project, values, fields);
  return writeBody(resolved.values, resolved.fields, outputs);
}

/** The PATCH body for `fields`, `archived` left to the lifecycle order: written only as `archived` says. */
async function patchBody(
  project: string,
  values: Partial<SurveyFields>,
  fields: readonly SurveyField[],
  outputs: Json,
  archived: boolean | undefined,
) {
  const written = await body(
    project,
    values,
    fields.filter((field) => field !== "archived"),
    outputs,
  );
  return archived === undefined ? written : { ...written, archived };
}

/** How messages name a survey known only by its stored outputs. */
function label(outputs: Json): string {
  return `Survey "${typeof outputs.name === "string" ? outputs.name : "?"}"`;
}

/** Takes over an existing survey named by `adopt`: no POST, the survey keeps its id and responses. */
async function adopt(project: string, survey: SurveyDeclaration): Promise<WireSurvey> {
  const { client } = callContext();
  const { declared: inputs } = survey;
  const target = survey.options.adopt ?? {};
  let existing: WireSurvey | undefined;
  if (target.id) {
    existing = await client.surveys.get(project, target.id);
  } else if (target.name) {
    existing = await client.surveys.findByName(project, target.name);
  }
  if (!existing) {
    throw new Error(
      `${survey.label}: adopt.name "${target.name}" matches no survey in project ${project}. ` +
        "Check the exact (case-sensitive) name, or remove `adopt` to create a new survey.",
    );
  }
  // Another resource of this stack created it, and the run has not named it yet (its diff runs later): refused
  // before any claim, and marked so that no delete of this run takes it (sibling.ts).
  if (
    otherKeeper("survey", existing.id, survey.urn) === undefined &&
    siblingMade(survey.owner, existing.questions) &&
    !adoptionFromThisStackAllowed(existing.id)
  ) {
    markRefused("survey", existing.id, survey.urn);
    throw new Error(`${survey.label}: ${siblingAdoption(existing.id, survey.urn)}`);
  }
  // A claim: a resource of this stack that held the survey and leaves the program (a rename) does not delete it.
  const refused = claimForAdoption("survey", existing.id, survey.urn);
  if (refused) throw new Error(`${survey.label}: cannot adopt survey ${existing.id}: ${refused}.`);
  const outputs = surveyOutputs(existing, project, {});
  const fields = patchFields(changedFields(inputs, outputs, {}), inputs);
  if (fields.length === 0) return existing;
  try {
    // As on update: `archived` rides in this PATCH only where the lifecycle order allows it.
    const written = datesFrom(survey.fields, fields);
    const archived = archivedInWrite(planLifecycle({ ...existing, ...written }, survey.fields));
    const patch = await patchBody(project, survey.fields, fields, outputs, archived);
    if (Object.keys(patch).length === 0) return existing;
    return await client.surveys.update(project, existing.id, patch);
  } catch (error) {
    throw resourceInitError(
      describeFailure(survey.label, "bring the adopted survey to the declared state", error).message,
      existing.id,
      outputs,
      survey.inputs,
    );
  }
}

/**
 * POST once, each question without an id of its own marked with this resource's derived id (ownership.ts). A POST
 * that clashes on the name may meet the survey an interrupted run of this resource made: taken over only on that
 * proof (interrupted.ts). A POST whose answer was lost is never sent again: the survey is looked up by its
 * (unique) name (ownership/late-create.ts), and taken only on the same proof, claim and warning (interrupted.ts).
 */
async function post(project: string, survey: SurveyDeclaration): Promise<WireSurvey> {
  const { client, settings } = callContext();
  const { fields: values, owner } = survey;
  const name = String(values.name);
  const declared = SURVEY_FIELD_NAMES.filter((f) => values[f] !== undefined);
  const created = await body(project, values, declared, {
    questions: ownedQuestionIds(owner, values.questions),
  });
  const startedAt = Date.now();
  try {
    const made = await client.surveys.create(project, created);
    markCreated("survey", made.id, survey.urn); // never taken over by another resource of this run
    return made;
  } catch (error) {
    if (isUniqueViolation(error)) {
      return await takeOverInterrupted(client, project, survey, error);
    }
    if (!isOutcomeUnknown(error)) throw error;
    const found = await findLateCreate(
      error,
      settings,
      startedAt,
      () => client.surveys.findByName(project, name),
      Boolean,
    );
    if (!found) throw error; // never: findLateCreate returns only what `found` accepts
    // The same checks as an interrupted run's survey: the mark, the fields, the claim, and a warning.
    return takeLateAnswer(project, survey, found, error);
  }
}

/** The fields whose change runs the lifecycle plan after the PATCH. */
const LIFECYCLE_FIELDS: readonly SurveyField[] = ["status", "archived", "startDate", "endDate"];

/** What the lifecycle steps were for, as a failure names it. */
function lifecycleGoal({ status, archived }: Partial<SurveyFields>): string {
  const goals = [
    status === undefined ? undefined : `set its status to ${status}`,
    archived === undefined ? undefined : archived ? "archive it" : "unarchive it",
  ].filter(Boolean);
  return goals.join(" and ") || "bring it to its declared status";
}

/**
 * The declaration the POST carries: all of it, except `archived: true` when a launch or stop must follow, which
 * PostHog refuses on an archived survey; the lifecycle plan archives it last instead.
 */
function forPost(survey: SurveyDeclaration): SurveyDeclaration {
  const predicted = planLifecycle(
    { start_date: null, end_date: null, ...datesFrom(survey.fields), archived: false },
    survey.fields,
  );
  if (survey.fields.archived !== true || !predicted.some(needsUnarchived)) return survey;
  const { archived: _field, ...fields } = survey.fields;
  const { archived: _declared, ...declared } = survey.declared;
  return { ...survey, fields, declared };
}

/** The declared dates (of `fields`, when given: those a write carries), in PostHog's names, for a predicted state. */
function datesFrom(
  { startDate, endDate }: Partial<SurveyFields>,
  fields: readonly SurveyField[] = ["startDate", "endDate"],
): LifecycleState {
  return {
    ...(startDate !== undefined && fields.includes("startDate") ? { start_date: startDate } : {}),
    ...(endDate !== undefined && fields.includes("endDate") ? { end_date: endDate } : {}),
  };
}

/** A date from stored outputs: the string, or null. */
const storedDate = (value: unknown): string | null => (typeof value === "string" ? value : null);

export async function create(declaration: SurveyDeclaration): Promise<pulumi.dynamic.CreateResult> {
  const { declared, label } = declaration;
  const context = callContextFor(label, "create it");
  // Before any request: a survey posted without the stack's mark could never be proven this stack's (ownership.ts).
  if (!declaration.options.adopt) {
    const face = providerSettingsOnly() ? "plugin" : "dynamic";
    const unmarked = unmarkedCreate(
      declaration.owner,
      declaration.urn,
      declaration.fields.questions,
      label,
      face,
    );
    if (unmarked) throw unmarked;
  }
  const { client } = context;
  let project: string;
  try {
    project = await resolveScope("project", declaration.options.projectId, context.settings, client);
  } catch (error) {
    // A key whose user has no current project says to set projectId; any other failure says what to fix itself.
    throw describeFailure(label, "resolve the project", error);
  }
  let survey: WireSurvey;
  try {
    survey = declaration.options.adopt
      ? await adopt(project, declaration)
      : await post(project, forPost(declaration));
  } catch (error) {
    if (isJson(error) && error.id) throw error; // already carries the survey's id (resourceInitError)
    const hint = isUniqueViolation(error)
      ? `A survey with this name already exists in project ${project}. If this resource was renamed, declare its old name as an alias (the aliases resource option); otherwise, to manage that survey with this resource, set adopt: {name: ${JSON.stringify(declaration.fields.name)}}, or rename this one.`
      : undefined;
    throw describeFailure(label, `create it in project ${project}`, error, hint);
  } finally {
    invalidateProject(client, project);
  }
  try {
    // Each answer is kept: if a later step fails, state holds how far the survey got.
    await applyStatus(client, project, survey, declaration.fields, (answer) => (survey = answer));
  } catch (error) {
    // The survey exists: keep it in state, so the next `up` moves it on instead of creating another.
    const outputs = storedOutputs(surveyOutputs(survey, project, declared));
    const message = describeFailure(label, lifecycleGoal(declaration.fields), error).message;
    throw resourceInitError(message, survey.id, outputs, declaration.inputs);
  } finally {
    invalidateProject(client, project);
  }
  return { id: survey.id, outs: storedOutputs(surveyOutputs(survey, project, declared)) };
}

export async function read(id: string, props: Json): Promise<pulumi.dynamic.ReadResult> {
  const { client } = callContext();
  const project = declaredScope("project", props.projectId, resolveSettings());
  const declared = lastDeclared(props);
  let survey: WireSurvey;
  try {
    survey = await readSurvey(client, project, id);
  } catch (error) {
    if (isNotFound(error)) return { id: "" };
    throw describeFailure(label(props), `read survey ${id}`, error);
  }
  const outputs = surveyOutputs(survey, project, declared);
  return { id: survey.id, props: storedOutputs(outputs), inputs: reconstructInputs(outputs, declared) };
}

/** The stored outputs as they are, with the newly declared inputs recorded. */
function unchanged(olds: Json, declared: Json): pulumi.dynamic.UpdateResult {
  const { __provider: _p, ...outs } = olds;
  return { outs: storedOutputs({ ...outs, declared }) };
}

/** The lifecycle plan as the stored outputs predict it, once the PATCH of `fields` is applied. */
function predictedPlan(olds: Json, news: Partial<SurveyFields>, fields: readonly SurveyField[]) {
  const state: LifecycleState = {
    start_date: storedDate(olds.startDate),
    end_date: storedDate(olds.endDate),
    ...datesFrom(news, fields),
    archived: currentValue("archived", olds) === true,
  };
  return planLifecycle(state, news);
}

export async function update(
  id: string,
  olds: Json,
  declaration: SurveyDeclaration,
): Promise<pulumi.dynamic.UpdateResult> {
  const { client } = callContext();
  const { declared: news, declared, label } = declaration;
  const project = String(olds.projectId);
  const previouslyDeclared = lastDeclared(olds);
  const fields = patchFields(changedFields(news, olds, previouslyDeclared), news);
  // Only provider-side inputs changed (e.g. `adopt`): nothing to send.
  if (fields.length === 0) return unchanged(olds, declared);
  const from = asStatus(currentValue("status", olds));
  const to = declaration.fields.status;
  const refused = from === undefined || to === undefined ? undefined : refusedTransition(from, to);
  if (refused) throw new Error(`${label}: ${refused}`);
  // `archived` rides in the PATCH only where the lifecycle order allows it (lifecycle-plan.ts, archivedInWrite).
  // A written date can move the status too (an endDate reset to null resumes a survey declared stopped).
  const lifecycle = fields.some((field) => LIFECYCLE_FIELDS.includes(field));
  // An `archived` the program stopped declaring goes back to its reset value (false), as any field does.
  const reset = fields.includes("archived") && declaration.fields.archived === undefined;
  const values = reset
    ? { ...declaration.fields, archived: resetValue("archived") === true }
    : declaration.fields;
  let survey: WireSurvey | undefined;
  try {
    const archived = lifecycle ? archivedInWrite(predictedPlan(olds, values, fields)) : undefined;
    // Empty when only status changed, or a flag moved from its id to its key (or back) without changing.
    const patch = await patchBody(project, values, fields, olds, archived);
    let current: WireSurvey | undefined =
      Object.keys(patch).length > 0 ? await client.surveys.update(project, id, patch) : undefined;
    // Plan from what PostHog holds now, not from the stored outputs: a run interrupted half-way (stopped but not
    // yet archived, say) may have left it elsewhere, and a step planned from stale outputs could be refused.
    if (lifecycle) {
      current ??= await client.surveys.get(project, id);
      current = (await applyStatus(client, project, current, values)) ?? current;
    }
    survey = current;
  } catch (error) {
    // After a host change that was not checked, a 404 says nothing of the survey where its state puts it.
    const hint = isNotFound(error)
      ? (notFoundAfterMove("survey", id) ??
        "It was deleted outside Pulumi: run `pulumi refresh`, then `pulumi up` to create it again.")
      : undefined;
    throw describeFailure(label, `update survey ${id}`, error, hint);
  } finally {
    invalidateProject(client, project);
  }
  if (!survey) return unchanged(olds, declared);
  return { outs: storedOutputs(surveyOutputs(survey, project, declared)) };
}

export async function remove(id: string, props: Json): Promise<void> {
  const { client } = callContext();
  const project = String(props.projectId);
  // Also refused when a resource of this run declares `adopt: {name}` of it (ownership/claims.ts).
  const named = typeof props.name === "string" ? [`name:${props.name}`] : [];
  if (!claimForDelete("survey", id, label(props), named)) return;
  // Left as the environment asks, whatever it holds: the way out a refused delete names (deletion-protection.ts).
  if (listedIn(LEAVE_IN_POSTHOG, id)) {
    warn(leftInPostHog(surveyNamed(props.name, id)));
    return;
  }
  // A survey holding responses is kept unless the program lifted its protection (deletion-protection.ts).
  await refuseProtectedDelete(id, props);
  try {
    await client.surveys.delete(project, id);
  } catch (error) {
    if (isNotFound(error)) return; // already gone: the goal of a delete
    throw describeFailure(label(props), `delete survey ${id}`, error);
  } finally {
    invalidateProject(client, project);
  }
}
export { remove as delete };
