// How many responses a survey holds, as deletion protection reads it (deletion-protection.ts): one request per
// project per run, whatever the number of surveys deleted or replaced.
//
// PostHog: products/surveys/backend/api/survey.py, SurveyViewSet.responses_count (GET
// /api/projects/:id/surveys/responses_count/, required scope survey:read, which survey:write also grants): the number
// of "survey sent" events per survey id, for every survey of the project at once, surveys without responses left
// out, and `{}` while no survey of the project has a start date. Archived responses count unless
// `exclude_archived=true` is asked; they are data too, so the provider never asks. An archived survey's responses
// count like any other's.
import type { PostHogClient } from "../../client";
import { callContext } from "../../provider-kit/context";
import {
  deleteRefusal,
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

/** The survey's number of responses, or an Error saying why it could not be counted. */
async function responsesOf(project: string, id: string): Promise<number | Error> {
  try {
    const { client } = callContext();
    return (await projectResponses(client, project))[id] ?? 0;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * Before the DELETE of survey `id` (stored `outputs`): throws the refusal when the protection is on (in the stored
 * declaration, and not lifted by this run's diff of a replacement) and the survey holds responses, or when they
 * could not be counted. No request when the protection is off.
 */
export async function refuseProtectedDelete(id: string, outputs: Json): Promise<void> {
  if (!storedProtectionOn(outputs) || replacementConsented(id)) return;
  const survey = surveyNamed(outputs.name, id);
  const held = await responsesOf(String(outputs.projectId), id);
  if (held instanceof Error) throw new Error(uncountedRefusal(survey, "deleted", held.message));
  if (held > 0) throw new Error(deleteRefusal(survey, held));
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
