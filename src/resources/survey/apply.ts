// The Survey provider: create, read, update and delete against PostHog, loaded on first use by
// provider.ts (never in a preview); nothing here is ever serialized into state.
import type * as pulumi from "@pulumi/pulumi";
import type { WireSurvey } from "../../client";
import { resolveSettings } from "../../config";
import { callContext, callContextFor } from "../../provider-kit/context";
import { describeFailure, isNotFound, isOutcomeUnknown, isUniqueViolation } from "../../provider-kit/errors";
import { resourceInitError } from "../../provider-kit/init-error";
import { findLateCreate } from "../../provider-kit/late-create";
import { claimForDelete, markCreated } from "../../provider-kit/interrupted";
import { declaredScope, resolveScope } from "../../scope";
import { invalidateProject, readSurvey } from "../../provider-kit/list-cache";
import {
  changedFields,
  currentValue,
  isJson,
  parseFields,
  patchFields,
  resetValue,
  SURVEY_FIELD_NAMES,
  writeBody,
  type SurveyField,
} from "./fields";
import { resolveFlagKeys } from "./flag-keys";
import { takeOverInterrupted } from "./interrupted";
import { applyStatus } from "./lifecycle";
import { archivedInWrite, needsUnarchived, planLifecycle, type LifecycleState } from "./lifecycle-plan";
import { refusedTransition } from "./lifecycle-rules";
import { asStatus } from "./status";
import { parseOptions } from "./validate";
import { declaredInputs, lastDeclared } from "../../provider-kit/declared";
import { reconstructInputs, surveyOutputs } from "./mapping";

type Json = Record<string, unknown>;

/** The write body for `fields`, flag keys resolved to their ids. */
async function body(project: string, inputs: Json, fields: readonly SurveyField[], outputs: Json) {
  const resolved = await resolveFlagKeys(callContext().client, project, parseFields(inputs), fields);
  return writeBody(resolved.values, resolved.fields, outputs);
}

/** The PATCH body for `fields`, `archived` left to the lifecycle order: written only as `archived` says. */
async function patchBody(
  project: string,
  inputs: Json,
  fields: readonly SurveyField[],
  outputs: Json,
  archived: boolean | undefined,
) {
  const written = await body(
    project,
    inputs,
    fields.filter((field) => field !== "archived"),
    outputs,
  );
  return archived === undefined ? written : { ...written, archived };
}

function label(inputs: Json): string {
  return `Survey "${typeof inputs.name === "string" ? inputs.name : "?"}"`;
}

/** Takes over an existing survey named by `adopt`: no POST, the survey keeps its id and responses. */
async function adopt(project: string, inputs: Json): Promise<WireSurvey> {
  const { client } = callContext();
  const target = parseOptions(inputs).adopt ?? {};
  let existing: WireSurvey | undefined;
  if (target.id) {
    existing = await client.surveys.get(project, target.id);
  } else if (target.name) {
    existing = await client.surveys.findByName(project, target.name);
  }
  if (!existing) {
    throw new Error(
      `${label(inputs)}: adopt.name "${target.name}" matches no survey in project ${project}. ` +
        "Check the exact (case-sensitive) name, or remove `adopt` to create a new survey.",
    );
  }
  const outputs = surveyOutputs(existing, project, {});
  const fields = patchFields(changedFields(inputs, outputs, {}), inputs);
  if (fields.length === 0) return existing;
  try {
    // As on update: `archived` rides in this PATCH only where the lifecycle order allows it.
    const written = Object.fromEntries(fields.map((field) => [field, inputs[field]]));
    const archived = archivedInWrite(planLifecycle({ ...existing, ...datesFrom(written) }, inputs));
    const patch = await patchBody(project, inputs, fields, outputs, archived);
    if (Object.keys(patch).length === 0) return existing;
    return await client.surveys.update(project, existing.id, patch);
  } catch (error) {
    throw resourceInitError(
      describeFailure(label(inputs), "bring the adopted survey to the declared state", error).message,
      existing.id,
      outputs,
      inputs,
    );
  }
}

/**
 * POST; if the answer was lost, look the survey up by its (unique) name instead of posting twice. A first POST
 * that clashes on the name may meet the survey an interrupted run made: take that one over (interrupted.ts).
 */
async function post(project: string, inputs: Json): Promise<WireSurvey> {
  const { client, settings } = callContext();
  const name = String(inputs.name);
  const declared = SURVEY_FIELD_NAMES.filter((f) => inputs[f] !== undefined);
  const created = await body(project, inputs, declared, {});
  for (let attempt = 0; ; attempt++) {
    try {
      const survey = await client.surveys.create(project, created);
      markCreated("survey", survey.id); // never taken over by another resource of this run
      return survey;
    } catch (error) {
      if (attempt === 0 && isUniqueViolation(error)) {
        return await takeOverInterrupted(client, project, inputs, label(inputs), error);
      }
      // A resent POST that clashes with the name was beaten by the late original: that one is ours.
      const clash = attempt > 0 && isUniqueViolation(error);
      if (!isOutcomeUnknown(error) && !clash) throw error;
      const found = clash
        ? await client.surveys.findByName(project, name)
        : await findLateCreate(error, settings, () => client.surveys.findByName(project, name), Boolean);
      if (found) return found;
      if (attempt > 0) throw error;
      // Not there: the POST never took effect, so sending it once more cannot make a duplicate.
    }
  }
}

/** The fields whose change runs the lifecycle plan after the PATCH. */
const LIFECYCLE_FIELDS: readonly SurveyField[] = ["status", "archived", "startDate", "endDate"];

/** What the lifecycle steps were for, as a failure names it. */
function lifecycleGoal(inputs: Json): string {
  const goals = [
    inputs.status === undefined ? undefined : `set its status to ${String(inputs.status)}`,
    typeof inputs.archived === "boolean" ? (inputs.archived ? "archive it" : "unarchive it") : undefined,
  ].filter(Boolean);
  return goals.join(" and ") || "bring it to its declared status";
}

/**
 * The inputs the POST carries: all of them, except `archived: true` when a launch or stop must follow, which
 * PostHog refuses on an archived survey; the lifecycle plan archives it last instead.
 */
function postInputs(inputs: Json): Json {
  const predicted = planLifecycle(
    { start_date: null, end_date: null, ...datesFrom(inputs), archived: false },
    inputs,
  );
  return inputs.archived === true && predicted.some(needsUnarchived)
    ? { ...inputs, archived: undefined }
    : inputs;
}

/** The declared dates, in PostHog's field names, for a predicted state. */
function datesFrom(inputs: Json): LifecycleState {
  const start = inputs.startDate;
  const end = inputs.endDate;
  return {
    ...(typeof start === "string" || start === null ? { start_date: start } : {}),
    ...(typeof end === "string" || end === null ? { end_date: end } : {}),
  };
}

/** A date from stored outputs: the string, or null. */
const storedDate = (value: unknown): string | null => (typeof value === "string" ? value : null);

export async function create(inputs: Json): Promise<pulumi.dynamic.CreateResult> {
  const context = callContextFor(label(inputs), "create it");
  const { client } = context;
  let project: string;
  try {
    project = await resolveScope("project", inputs.projectId, context.settings, client);
  } catch (error) {
    // A key whose user has no current project says to set projectId; any other failure says what to fix itself.
    throw describeFailure(label(inputs), "resolve the project", error);
  }
  let survey: WireSurvey;
  try {
    survey = inputs.adopt ? await adopt(project, inputs) : await post(project, postInputs(inputs));
  } catch (error) {
    if (isJson(error) && error.id) throw error; // already carries the survey's id (resourceInitError)
    const hint = isUniqueViolation(error)
      ? `A survey with this name already exists in project ${project}. To manage it with Pulumi, set adopt: {name: ${JSON.stringify(inputs.name)}}, or rename this one.`
      : undefined;
    throw describeFailure(label(inputs), `create it in project ${project}`, error, hint);
  } finally {
    invalidateProject(client, project);
  }
  try {
    // Each answer is kept: if a later step fails, state holds how far the survey got.
    await applyStatus(client, project, survey, inputs, (answer) => (survey = answer));
  } catch (error) {
    // The survey exists: keep it in state, so the next `up` moves it on instead of creating another.
    const outputs = surveyOutputs(survey, project, declaredInputs(inputs));
    const message = describeFailure(label(inputs), lifecycleGoal(inputs), error).message;
    throw resourceInitError(message, survey.id, outputs, inputs);
  } finally {
    invalidateProject(client, project);
  }
  return { id: survey.id, outs: surveyOutputs(survey, project, declaredInputs(inputs)) };
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
  return { id: survey.id, props: outputs, inputs: reconstructInputs(outputs, declared) };
}

/** The stored outputs as they are, with the newly declared inputs recorded. */
function unchanged(olds: Json, declared: Json): pulumi.dynamic.UpdateResult {
  const { __provider: _p, ...outs } = olds;
  return { outs: { ...outs, declared } };
}

/** The lifecycle plan as the stored outputs predict it, once the PATCH of `fields` is applied. */
function predictedPlan(olds: Json, news: Json, fields: readonly SurveyField[]) {
  const written = Object.fromEntries(fields.map((field) => [field, news[field]]));
  const state: LifecycleState = {
    start_date: storedDate(olds.startDate),
    end_date: storedDate(olds.endDate),
    ...datesFrom(written),
    archived: currentValue("archived", olds) === true,
  };
  return planLifecycle(state, news);
}

export async function update(id: string, olds: Json, news: Json): Promise<pulumi.dynamic.UpdateResult> {
  const { client } = callContext();
  const project = String(olds.projectId);
  const previouslyDeclared = lastDeclared(olds);
  const fields = patchFields(changedFields(news, olds, previouslyDeclared), news);
  const declared = declaredInputs(news);
  // Only provider-side inputs changed (e.g. `adopt`): nothing to send.
  if (fields.length === 0) return unchanged(olds, declared);
  const from = asStatus(currentValue("status", olds));
  const to = asStatus(news.status);
  const refused = from === undefined || to === undefined ? undefined : refusedTransition(from, to);
  if (refused) throw new Error(`${label(news)}: ${refused}`);
  // `archived` rides in the PATCH only where the lifecycle order allows it (lifecycle-plan.ts, archivedInWrite).
  // A written date can move the status too (an endDate reset to null resumes a survey declared stopped).
  const lifecycle = fields.some((field) => LIFECYCLE_FIELDS.includes(field));
  // An `archived` the program stopped declaring goes back to its reset value (false), as any field does.
  const target =
    fields.includes("archived") && news.archived === undefined
      ? { ...news, archived: resetValue("archived") }
      : news;
  let survey: WireSurvey | undefined;
  try {
    const archived = lifecycle ? archivedInWrite(predictedPlan(olds, target, fields)) : undefined;
    // Empty when only status changed, or a flag moved from its id to its key (or back) without changing.
    const patch = await patchBody(project, target, fields, olds, archived);
    let current: WireSurvey | undefined =
      Object.keys(patch).length > 0 ? await client.surveys.update(project, id, patch) : undefined;
    // Plan from what PostHog holds now, not from the stored outputs: a run interrupted half-way (stopped but not
    // yet archived, say) may have left it elsewhere, and a step planned from stale outputs could be refused.
    if (lifecycle) {
      current ??= await client.surveys.get(project, id);
      current = (await applyStatus(client, project, current, target)) ?? current;
    }
    survey = current;
  } catch (error) {
    const hint = isNotFound(error)
      ? "It was deleted outside Pulumi: run `pulumi refresh`, then `pulumi up` to create it again."
      : undefined;
    throw describeFailure(label(news), `update survey ${id}`, error, hint);
  } finally {
    invalidateProject(client, project);
  }
  if (!survey) return unchanged(olds, declared);
  return { outs: surveyOutputs(survey, project, declared) };
}

export async function remove(id: string, props: Json): Promise<void> {
  const { client } = callContext();
  const project = String(props.projectId);
  if (!claimForDelete("survey", id, label(props))) return;
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
