// The arguments of the survey data functions: the rules the catalogue documents and the functions check calls by.
import { z } from "zod";
import { projectIdRule } from "../../provider-kit/function-args";
// The public Args interfaces import these rules, so the compile-time link that each rule fits its interface sits
// with the interface (FitsPublic), and this file imports nothing back from the functions.

export const surveysArgs = {
  projectId: projectIdRule.optional(),
  search: z.string().optional(),
  archived: z.boolean().optional(),
};

export const surveyArgs = {
  projectId: projectIdRule.optional(),
  id: z.string().min(1, "must be the survey's id (a UUID)."),
};

export const countArgs = {
  projectId: projectIdRule.optional(),
  surveyIds: z.array(z.string()).optional(),
  excludeArchived: z.boolean().optional(),
};
