// The Survey provider's preview calls: check (validation before any request) and diff (declared inputs against
// the stored outputs). They load no HTTP client; see provider.ts.
import type * as pulumi from "@pulumi/pulumi";
import { providerSetting, resolveSettings } from "../../config";
import { CURRENT_SURVEY_TYPES, RETIRED_SURVEY_TYPES } from "./inputs";
import { validateSurveyInputs } from "./validate";
import { containsUnknown } from "../../provider-kit/unknown";
import { stripLikeDrf } from "../../provider-kit/normal-form";
import { isLeftBehind, placementReplaces } from "../../provider-kit/placement";
import { changedFields, isJson, jsonList, normaliseInputs, storedForm } from "./fields";
import { questionIdNotices } from "./question-id-notice";
import { questionElementDiffs } from "./question-diff";
import { launchNotice } from "./launch-notice";
import { endDateFailures, unlaunchFailures } from "./lifecycle-rules";
import { samplingStartFailures } from "./sampling-rules";
import { rewrittenTexts } from "./stored-texts";
import { declaredKeysChanged, lastDeclared } from "../../provider-kit/declared";
import { warn } from "../../provider-kit/warn";
import { adoptSetting, adoptionWarning, isCreate, holdForRun, markWanted, thisFace } from "../../ownership";
import type { SurveyDeclaration } from "./declaration";
import type { CheckFailure } from "../../provider-kit/check-failures";
import {
  consentToReplacement,
  protectionOn,
  surveyNamed,
  unknownProtectionNote,
} from "./deletion-protection";
import type { DiffAnswer } from "../../provider-kit/detailed-diff";

type Json = Record<string, unknown>;

/** What the person running Pulumi should know before PostHog changes what they declared. */
function previewWarnings(inputs: Json): string[] {
  const label = `Survey "${typeof inputs.name === "string" ? inputs.name : "?"}"`;
  const warnings: string[] = [];
  if (RETIRED_SURVEY_TYPES.some((retired) => retired === inputs.type)) {
    warnings.push(
      `${label}: type "${String(inputs.type)}" is no longer offered by PostHog; the current types are ` +
        `${CURRENT_SURVEY_TYPES.join(", ")}. For a feedback button use type "widget" with appearance.widgetType "button".`,
    );
  }
  for (const field of ["questions", "appearance"] as const) {
    if (containsUnknown(inputs[field])) continue;
    for (const { path, stored } of rewrittenTexts(field, inputs[field], storedForm(field, inputs[field]))) {
      warnings.push(
        `${label}: PostHog sanitises the HTML in ${path} and stores it as ${JSON.stringify(stored)}.`,
      );
    }
  }
  return warnings;
}

export async function check(olds: Json, news: SurveyDeclaration): Promise<pulumi.dynamic.CheckResult> {
  const { inputs, failures } = checkSurvey(olds, news);
  if (failures.length > 0) return { inputs: news.inputs, failures };
  previewWarnings(inputs).forEach(warn);
  if (isCreate(olds)) {
    adoption(inputs, news.urn);
    if (!news.options.adopt) await sayClash(news);
    // A create that launches says so here: no diff runs for a create.
    const launch = launchNotice(labelOf(inputs), undefined, inputs);
    if (launch) warn(launch);
  }
  return { inputs };
}

const labelOf = (inputs: Json) => `Survey "${typeof inputs.name === "string" ? inputs.name : "?"}"`;

/**
 * At a create: warns when a survey this stack cannot prove its own holds the name (clash-preview.ts, loaded here:
 * it makes requests). Best effort: a failed listing says nothing, and `up` still refuses the clash.
 */
async function sayClash(news: SurveyDeclaration): Promise<void> {
  // Off with the preview's requests: then this module, which loads the HTTP client, is not loaded either.
  if (!resolveSettings().checkKeyAndHost) return;
  const { clashAtPreview } = require("./clash-preview") as typeof import("./clash-preview");
  const clash = await clashAtPreview(news).catch(() => undefined);
  if (clash) warn(clash);
}

/**
 * At a create: says that the survey will be adopted, naming the one PostHog holds (see ownership/adoption.ts),
 * and records the declared adoption for the run, so no resource leaving the stack deletes that survey
 * (ownership/claims.ts).
 */
function adoption(inputs: Json, urn: string | undefined): void {
  const adopt = inputs.adopt;
  if (!isJson(adopt)) return;
  if (typeof adopt.id === "string") markWanted("survey", `id:${adopt.id}`, urn);
  if (typeof adopt.name === "string") markWanted("survey", `name:${adopt.name}`, urn);
  const existing =
    adopt.id !== undefined
      ? `PostHog's survey ${String(adopt.id)}`
      : `PostHog's survey named ${JSON.stringify(adopt.name)}`;
  const label = `Survey "${typeof inputs.name === "string" ? inputs.name : "?"}"`;
  warn(adoptionWarning(label, existing, "creating a survey"));
}

/**
 * What check decides, without printing: the failures for `news` (after `olds`; {} for a new survey), and the
 * inputs it passes on when there are none. Also behind the public validateSurvey (src/validate.ts).
 */
export function checkSurvey(olds: Json, news: SurveyDeclaration): { inputs: Json; failures: CheckFailure[] } {
  const inputs = normaliseInputs(news.inputs);
  // Adopting by name looks for the name as PostHog stores it.
  const adopt = inputs.adopt;
  if (isJson(adopt) && typeof adopt.name === "string")
    inputs.adopt = { ...adopt, name: stripLikeDrf(adopt.name) };
  const failures = [...validateSurveyInputs(inputs), ...unlaunchFailures(olds, inputs)];
  // Reads the clock: only for inputs that are otherwise valid, and only for a new or changed endDate.
  if (failures.length === 0) {
    const now = Date.now();
    failures.push(...endDateFailures(olds, inputs, now), ...samplingStartFailures(olds, inputs, now));
  }
  if (failures.length > 0) return { inputs: news.inputs, failures };
  if (typeof inputs.projectId === "number") inputs.projectId = String(inputs.projectId);
  return { inputs, failures };
}

export async function diff(id: string, olds: Json, news: SurveyDeclaration): Promise<DiffAnswer> {
  const previouslyDeclared = lastDeclared(olds);
  const oldProject = String(olds.projectId);
  // Only the survey's own projectId moves it; a config change never replaces it (provider-kit/placement.ts).
  const own = news.options.projectId;
  const at = { kind: "survey", project: oldProject, id } as const;
  // Set back alone, the create there takes the old survey over only on the proof of its question ids (a survey
  // with no question, or explicit ids only, has none; one edited there since is refused): adopt takes it in every case.
  const replaces = await placementReplaces(
    "project",
    news.label,
    "survey",
    own,
    at,
    (before) =>
      `To keep managing it, set ${providerSetting("host")} back to ${before} and declare ` +
      `${adoptSetting({ id }, thisFace())} on this resource: the up then takes survey ${id} over instead of ` +
      "creating another.",
  );
  // A replacement deletes the survey: refused here when it holds responses and stays protected. Not one to another
  // PostHog: the old survey is left where it is (its delete sends nothing), and its responses cannot be counted at
  // the new host, which has no such survey or may have no such project.
  if (replaces.length > 0 && !isLeftBehind(id)) await guardReplacement(id, olds, news, replaces);
  const changed = changedFields(news.declared, olds, previouslyDeclared);
  // Kept through this run: no resource leaving the stack deletes it (ownership/claims.ts).
  if (replaces.length === 0) holdForRun("survey", id, news.urn);
  const questions =
    changed.includes("questions") && replaces.length === 0 ? questionChanges(olds, news) : undefined;
  if (replaces.length === 0) {
    const launch = launchNotice(news.label, olds, news.fields);
    if (launch) warn(launch);
  }
  return {
    changes:
      replaces.length > 0 ||
      changed.length > 0 ||
      declaredKeysChanged(news.declared, olds) ||
      // Recorded by an update that sends nothing (apply.ts): the delete reads it from the stored declaration.
      news.declared.deletionProtection !== previouslyDeclared.deletionProtection,
    replaces,
    deleteBeforeReplace: false,
    ...(questions ? { elementDiffs: { questions } } : {}),
  };
}

/**
 * At an update that changes `questions`: a line for each id that moves, each new question and each id that leaves
 * (question-id-notice.ts); and the questions' paths for the plugin's detailed diff (question-diff.ts).
 */
function questionChanges(olds: Json, news: SurveyDeclaration): ReturnType<typeof questionElementDiffs> {
  const declared = news.declared.questions;
  if (containsUnknown(declared)) return undefined;
  const held = jsonList(olds.questions);
  questionIdNotices(news.label, jsonList(declared), held).forEach((notice) => warn(notice));
  return questionElementDiffs(jsonList(declared), jsonList(lastDeclared(olds).questions), held);
}

/**
 * Before a replacement of survey `id`: with `deletionProtection: false` declared, recorded for the replaced survey's
 * delete; with it not known yet (a preview), said; otherwise the survey's responses are counted (the one request
 * of this check, loaded only here: a preview without replacements loads no client) and a survey holding any is
 * refused (deletion-protection.ts).
 */
async function guardReplacement(
  id: string,
  olds: Json,
  news: SurveyDeclaration,
  replaces: readonly string[],
): Promise<void> {
  if (containsUnknown(news.inputs.deletionProtection)) {
    warn(unknownProtectionNote(surveyNamed(olds.name, id), replaces));
    return;
  }
  if (!protectionOn(news.options.deletionProtection)) {
    consentToReplacement(id);
    return;
  }
  const { refuseProtectedReplacement } = require("./responses-held") as typeof import("./responses-held");
  await refuseProtectedReplacement(id, olds, replaces);
}
