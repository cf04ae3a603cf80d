// getSurveyResponsesCount: responses per survey. PostHog leaves out surveys without responses; when survey
// ids are given, each of them is in the result (0 when PostHog left it out).
import * as pulumi from "@pulumi/pulumi";
import { checkArgs } from "../../provider-kit/function-args";
import type { FitsPublic } from "../../provider-kit/public-shape";
import { countArgs } from "./function-args";
import { functionContext, projectOf } from "../../provider-kit/function-context";
import { mockedAnswer } from "../../provider-kit/function-mocks";

/** The arguments of getSurveyResponsesCount and getSurveyResponsesCountOutput. */
export interface GetSurveyResponsesCountArgs {
  /** Defaults to posthog:projectId / POSTHOG_PROJECT_ID, then the key's current project. */
  projectId?: string | number;
  /** Only these surveys; each appears in the result, with 0 when it has no responses. */
  surveyIds?: string[];
  /** Leave out responses to archived surveys. */
  excludeArchived?: boolean;
}
const _countArgsFit: FitsPublic<typeof countArgs, GetSurveyResponsesCountArgs> = true;

/** What getSurveyResponsesCount returns: the project and each survey's number of responses. */
export interface GetSurveyResponsesCountResult {
  /** The project the counts are for. */
  projectId: string;
  /** Survey id -> number of responses. */
  counts: Record<string, number>;
}

/** How many responses each survey of a project has. */
export async function getSurveyResponsesCount(
  given: GetSurveyResponsesCountArgs = {},
): Promise<GetSurveyResponsesCountResult> {
  const args = checkArgs("getSurveyResponsesCount", countArgs, given);
  const mocked = mockedAnswer<GetSurveyResponsesCountResult>("getSurveyResponsesCount", args);
  if (mocked) return mocked;
  const ctx = functionContext();
  const projectId = await projectOf(ctx, args.projectId);
  const reported = await ctx.client.surveys.responsesCount(projectId, {
    surveyIds: args.surveyIds,
    excludeArchived: args.excludeArchived,
  });
  const counts: Record<string, number> = {};
  for (const id of args.surveyIds ?? []) counts[id] = 0;
  Object.assign(counts, reported);
  return { projectId, counts };
}

/** getSurveyResponsesCount with Pulumi Inputs as arguments, returning an Output. */
export function getSurveyResponsesCountOutput(
  args: pulumi.Input<{
    projectId?: pulumi.Input<string | number>;
    surveyIds?: pulumi.Input<pulumi.Input<string>[]>;
    excludeArchived?: pulumi.Input<boolean>;
  }> = {},
): pulumi.Output<GetSurveyResponsesCountResult> {
  return pulumi.output(args).apply((a) => getSurveyResponsesCount(a));
}
