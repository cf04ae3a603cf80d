// The arguments of the survey data functions: the rules the catalogue documents and the functions check calls by.
import { z } from "zod";
import type { RulesFor } from "../catalogue-kit";
import { projectIdRule } from "../../provider-kit/function-args";
import type { GetSurveyArgs, GetSurveysArgs } from "./functions";
import type { GetSurveyResponsesCountArgs } from "./responses-count";

export const surveysArgs = {
  projectId: projectIdRule.optional(),
  search: z.string().optional(),
  archived: z.boolean().optional(),
} satisfies RulesFor<GetSurveysArgs>;

export const surveyArgs = {
  projectId: projectIdRule.optional(),
  id: z.string().min(1, "must be the survey's id (a UUID)."),
} satisfies RulesFor<GetSurveyArgs>;

export const countArgs = {
  projectId: projectIdRule.optional(),
  surveyIds: z.array(z.string()).optional(),
  excludeArchived: z.boolean().optional(),
} satisfies RulesFor<GetSurveyResponsesCountArgs>;
