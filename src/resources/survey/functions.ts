// getSurveys / getSurvey: read-only views of a project's surveys, in the same camelCase shape as Survey outputs.
import * as pulumi from "@pulumi/pulumi";
import type { WireSurvey } from "../../client";
import { surveyOutputs } from "./mapping";
import type { SurveyOutputs } from "./types";
import { functionContext, projectOf } from "../../provider-kit/function-context";
import { mockedAnswer } from "../../provider-kit/function-mocks";
import { checkArgs } from "../../provider-kit/function-args";
import type { FitsPublic } from "../../provider-kit/public-shape";
import { surveyArgs, surveysArgs } from "./function-args";

/** A survey as PostHog has it (Survey outputs without the provider's bookkeeping and write-only inputs). */
export type SurveyInfo = Omit<SurveyOutputs, "declared" | "targetingFlagFilters" | "removeTargetingFlag">;

/** The arguments of getSurveys and getSurveysOutput. */
export interface GetSurveysArgs {
  /** Defaults to posthog:projectId / POSTHOG_PROJECT_ID, then the key's current project. */
  projectId?: string | number;
  /** Matches name and description (PostHog's ?search=). */
  search?: string;
  /** true: only archived surveys; false: only active ones; unset: both. */
  archived?: boolean;
}
const _surveysArgsFit: FitsPublic<typeof surveysArgs, GetSurveysArgs> = true;

/** What getSurveys returns: the project and its surveys. */
export interface GetSurveysResult {
  /** The project the surveys were read from. */
  projectId: string;
  /** The project's surveys, as PostHog lists them. */
  surveys: SurveyInfo[];
}

/** The arguments of getSurvey and getSurveyOutput. */
export interface GetSurveyArgs {
  /** Defaults to posthog:projectId / POSTHOG_PROJECT_ID, then the key's current project. */
  projectId?: string | number;
  /** The survey's id (UUID). */
  id: string;
}
const _surveyArgsFit: FitsPublic<typeof surveyArgs, GetSurveyArgs> = true;

function surveyInfo(survey: WireSurvey, projectId: string): SurveyInfo {
  const {
    declared: _d,
    targetingFlagFilters: _t,
    removeTargetingFlag: _r,
    ...info
  } = surveyOutputs(survey, projectId, {});
  return info;
}

/** The surveys of a project, optionally filtered by text or archived state. */
export async function getSurveys(given: GetSurveysArgs = {}): Promise<GetSurveysResult> {
  const args = checkArgs("getSurveys", surveysArgs, given);
  const mocked = mockedAnswer<GetSurveysResult>("getSurveys", args);
  if (mocked) return mocked;
  const ctx = functionContext();
  const projectId = await projectOf(ctx, args.projectId);
  const surveys = await ctx.client.surveys.listAll(projectId, {
    search: args.search,
    archived: args.archived,
  });
  return { projectId, surveys: surveys.map((s) => surveyInfo(s, projectId)) };
}

/** getSurveys with Pulumi Inputs as arguments, returning an Output. */
export function getSurveysOutput(
  args: pulumi.Input<{ [K in keyof GetSurveysArgs]: pulumi.Input<GetSurveysArgs[K]> }> = {},
): pulumi.Output<GetSurveysResult> {
  return pulumi.output(args).apply((a) => getSurveys(a));
}

/** One survey of a project, by id. */
export async function getSurvey(given: GetSurveyArgs): Promise<SurveyInfo> {
  const args = checkArgs("getSurvey", surveyArgs, given);
  const mocked = mockedAnswer<SurveyInfo>("getSurvey", args);
  if (mocked) return mocked;
  const ctx = functionContext();
  const projectId = await projectOf(ctx, args.projectId);
  return surveyInfo(await ctx.client.surveys.get(projectId, args.id), projectId);
}

/** getSurvey with Pulumi Inputs as arguments, returning an Output. */
export function getSurveyOutput(
  args: pulumi.Input<{ [K in keyof GetSurveyArgs]: pulumi.Input<GetSurveyArgs[K]> }>,
): pulumi.Output<SurveyInfo> {
  return pulumi.output(args).apply((a) => getSurvey(a));
}
