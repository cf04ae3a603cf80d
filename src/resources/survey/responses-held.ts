// How many responses a survey holds, as deletion protection reads it (deletion-protection.ts): at the diffs of
// replacements, one request per project per run; at each protected survey's delete, one request right before it.
//
// PostHog: products/surveys/backend/api/survey.py, SurveyViewSet.responses_count (GET
// /api/projects/:id/surveys/responses_count/, required scope survey:read, which survey:write also grants): the number
// of "survey sent" events per survey id, for every survey of the project at once, surveys without responses left
// out, and `{}` while no survey of the project has a start date. Archived responses count unless
// `exclude_archived=true` is asked; they are data too, so the provider never asks. An archived survey's responses
// count like any other's.
import type { PostHogClient } from "../../client";
import { callContext } from "../../provider-kit/context";
import { deletedPaths } from "../../write-guard";
import {
  DELETE_WITH_RESPONSES,
  deleteRefusal,
  listedIn,
  replaceRefusal,
  replacementConsented,
  storedProtectionOn,
  surveyNamed,
  uncountedRefusal,
} from "./deletion-protection";
import type { Json } from "../../provider-kit/json";

// Per client (one per host and key) and project: a provider process serves one run, so this is once per run.
// A failed count is not remembered: the next survey asks again.
const counts = new WeakMap<PostHogClient, Map<string, Promise<Record<string, number>>>>();

/** The project's responses per survey id (absent: none), asked once per client and project. */
export function projectResponses(client: PostHogClient, project: string): Promise<Record<string, number>> {
  let byProject = counts.get(client);
  if (!byProject) {
    byProject = new Map();
    counts.set(client, byProject);
  }
  const known = byProject.get(project);
  if (known) return known;
  const asked = client.surveys.responsesCount(project);
  byProject.set(project, asked);
  asked.catch(() => {
    if (byProject.get(project) === asked) byProject.delete(project);
  });
  return asked;
}

/**
 * The survey's number of responses, or an Error saying why it could not be counted: the run's count (`fresh`
 * false), or one asked now.
 */
async function responsesOf(project: string, id: string, fresh = false): Promise<number | Error> {
  try {
    const { client } = callContext();
    const counts = fresh
      ? await client.surveys.responsesCount(project)
      : await projectResponses(client, project);
    return counts[id] ?? 0;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * Before the DELETE of survey `id` (stored `outputs`): throws the refusal when the protection is on (in the stored
 * declaration, not lifted by this run's diff of a replacement nor by DELETE_WITH_RESPONSES) and the survey holds
 * responses, or when they could not be counted. The count is asked right before the delete, never taken from the
 * diff's: a replacement's delete comes at the end of the run, and responses that arrived meanwhile count too. No
 * request when the protection is off.
 */
export async function refuseProtectedDelete(id: string, outputs: Json): Promise<void> {
  if (!storedProtectionOn(outputs) || replacementConsented(id) || listedIn(DELETE_WITH_RESPONSES, id)) return;
  const survey = surveyNamed(outputs.name, id);
  const held = await responsesOf(String(outputs.projectId), id, true);
  if (held instanceof Error) throw new Error(uncountedRefusal(survey, "deleted", held.message, id));
  if (held > 0) throw new Error(deleteRefusal(survey, held, id, deletedPaths()));
}

/**
 * At a diff that replaces survey `id` (`inputs`: what replaces it), with the protection on in the new declaration:
 * throws the refusal when the survey holds responses, or when they could not be counted.
 */
export async function refuseProtectedReplacement(
  id: string,
  olds: Json,
  inputs: readonly string[],
): Promise<void> {
  const survey = surveyNamed(olds.name, id);
  const held = await responsesOf(String(olds.projectId), id);
  if (held instanceof Error) throw new Error(uncountedRefusal(survey, "replaced", held.message));
  if (held > 0) throw new Error(replaceRefusal(survey, held, inputs));
}
