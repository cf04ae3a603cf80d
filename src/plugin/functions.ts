// Which code answers each function token: the data functions a TypeScript program calls directly
// (src/resources/*/functions.ts), loaded on first use.
import { FUNCTION_TOKENS, type FunctionName } from "./tokens";

type Fn = (args: Record<string, unknown>) => Promise<unknown>;

const CODE: { [N in FunctionName]: () => Fn } = {
  getSurveys: () => require("../resources/survey/functions").getSurveys,
  getSurvey: () => require("../resources/survey/functions").getSurvey,
  getSurveyResponsesCount: () => require("../resources/survey/responses-count").getSurveyResponsesCount,
  getInvites: () => require("../resources/invite/functions").getInvites,
  getMembers: () => require("../resources/invite/members-function").getMembers,
  getFeatureFlag: () => require("../resources/feature-flag/functions").getFeatureFlag,
};

const BY_TOKEN = new Map<string, () => Fn>(
  (Object.keys(FUNCTION_TOKENS) as FunctionName[]).map((name) => [FUNCTION_TOKENS[name], CODE[name]]),
);

/** Calls the function for `token` with `args`; an unknown token is refused by name. */
export async function invokeFunction(
  token: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const load = BY_TOKEN.get(token);
  if (!load)
    throw new Error(`unknown function "${token}"; this provider serves ${[...BY_TOKEN.keys()].join(", ")}`);
  return (await load()(args)) as Record<string, unknown>;
}
