// A clash said at preview: a new survey whose name a survey of the project already holds, and which this stack
// cannot prove is its own (ownership.ts), is refused by `up` (interrupted.ts, takeOverInterrupted); the preview
// says so first, as a warning naming that survey. Most often a teammate's stack made it: one program on two
// backends (`pulumi login --local` each) is two stacks. The check of a create loads this module; it lists the
// project's surveys once per provider process (list-cache.ts, surveysAtStart), and not at all when the user turned
// the preview's requests off (`checkKeyAndHost: false`). A survey that carries this resource's ids (an interrupted
// create of this very resource) is taken over by `up` (takeOverInterrupted): the preview says that instead.
import { callContext } from "../../provider-kit/context";
import { clashScope, TEAMMATE_WAY } from "../../ownership";
import { surveysAtStart } from "../../provider-kit/list-cache";
import type { SurveyDeclaration } from "./declaration";
import { siblingMade, unproven } from "./ownership";
import { editedSince } from "./interrupted";
import { siblingAtPreview } from "./sibling";

/**
 * The warning for `survey`'s create when its name is taken: refused by up when it cannot prove the survey its own,
 * else taken over by up (every side effect said once in the preview). Undefined when the name is free.
 */
export async function clashAtPreview(survey: SurveyDeclaration): Promise<string | undefined> {
  const name = survey.fields.name;
  if (typeof name !== "string") return undefined;
  const { client, settings } = callContext();
  const project = await clashScope("project", survey.options.projectId, settings);
  if (project === undefined) return undefined;
  const existing = (await surveysAtStart(client, project)).find((s) => s.name === name);
  if (!existing) return undefined;
  if (siblingMade(survey.owner, existing.questions))
    return siblingAtPreview(survey.label, existing.id, project);
  // The rule up applies (interrupted.ts, whyNotOurs), less the claim among this run's resources.
  const why =
    unproven(survey.owner, survey.fields.questions, existing.questions) ??
    editedSince(existing, project, survey);
  if (why === undefined)
    return (
      `${survey.label}: survey ${existing.id} already holds this name in project ${project} and carries this ` +
      "resource's question ids (an earlier run of this resource made it, and its state does not record it), so " +
      "pulumi up will take it over instead of creating another survey."
    );
  return (
    `${survey.label}: survey ${existing.id} already holds this name in project ${project}, and this stack cannot ` +
    `prove it is its own (${why}), so pulumi up will refuse to create it. ${TEAMMATE_WAY}`
  );
}
