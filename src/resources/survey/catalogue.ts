// Survey's entries in the catalogue (../catalogue.ts): the resource, getSurveys, getSurvey and
// getSurveyResponsesCount. Fields come from the field table and their input rules; descriptions from the doc
// comments of the public types (SurveyFields, SurveyOptions, SurveyComputed and the functions' types).
import { z } from "zod";
import { docsFrom } from "../../provider-kit/docs-from";
import {
  functionInputs,
  functionOutputs,
  isOptional,
  jsonSchema,
  memberDoc,
  objectSchema,
  projectIdRule,
  RulesFor,
  symbolDoc,
  userSummaryRule,
  type FunctionDoc,
  type PropertyDoc,
  type ResourceDoc,
} from "../catalogue-kit";
import { fieldRule, resetValue, SURVEY_FIELD_NAMES, wireName } from "./fields";
import { SURVEY_OPTION_RULES } from "./validate";
import type { SurveyComputed, SurveyFlag } from "./types";
import type { GetSurveyArgs, GetSurveysArgs } from "./functions";
import type { GetSurveyResponsesCountArgs } from "./responses-count";

const flagRule = z
  .object({
    id: z.number().int(),
    teamId: z.number().int().nullable(),
    name: z.string(),
    key: z.string(),
    filters: z.record(z.string(), z.unknown()),
    active: z.boolean(),
    deleted: z.boolean(),
    ensureExperienceContinuity: z.boolean(),
  })
  .meta(docsFrom("SurveyFlag")) satisfies z.ZodType<SurveyFlag>;
const flagSchema = () => jsonSchema(flagRule.nullable());

const COMPUTED: { [K in keyof SurveyComputed]: () => ReturnType<typeof jsonSchema> } = {
  surveyId: () => jsonSchema(z.string()),
  createdAt: () => jsonSchema(z.string()),
  createdBy: () => jsonSchema(userSummaryRule.nullable()),
  linkedFlag: flagSchema,
  targetingFlag: flagSchema,
  internalTargetingFlag: flagSchema,
  declared: () => jsonSchema(z.record(z.string(), z.unknown())),
};

function surveyProperties(): PropertyDoc[] {
  const fields = SURVEY_FIELD_NAMES.map((field): PropertyDoc => ({
    name: field,
    description: memberDoc(["SurveyFields"], field),
    schema: jsonSchema(fieldRule(field)),
    posthogField: wireName(field),
    input: true,
    output: true,
    required: !isOptional(fieldRule(field)),
    ...(resetValue(field) === undefined ? {} : { default: resetValue(field) }),
    replaces: false,
  }));
  const options: PropertyDoc[] = [
    {
      name: "projectId",
      description: memberDoc(["SurveyOptions"], "projectId"),
      schema: jsonSchema(projectIdRule),
      // surveyOutputs (mapping.ts) gives the project as the string the requests used.
      outputSchema: jsonSchema(z.string()),
      input: true,
      output: true,
      required: false,
      replaces: true,
    },
    {
      name: "adopt",
      description: memberDoc(["SurveyOptions"], "adopt"),
      schema: jsonSchema(SURVEY_OPTION_RULES.adopt),
      input: true,
      output: false,
      required: false,
      replaces: false,
    },
  ];
  const computed = Object.entries(COMPUTED).map(([name, schema]): PropertyDoc => ({
    name,
    description: memberDoc(["SurveyComputed"], name),
    schema: schema(),
    input: false,
    output: true,
    required: false,
    replaces: false,
  }));
  return [...options, ...fields, ...computed];
}

export function surveyResource(): ResourceDoc {
  return { name: "Survey", description: symbolDoc("Survey"), properties: surveyProperties() };
}

/** What getSurvey and getSurveys give for a survey: its outputs without bookkeeping and write-only inputs. */
function surveyInfo(): PropertyDoc[] {
  const left = new Set(["declared", "targetingFlagFilters", "removeTargetingFlag"]);
  return surveyProperties()
    .filter((p) => p.output && !left.has(p.name))
    .map(({ default: _d, posthogField: _w, outputSchema, ...p }) => ({
      ...p,
      schema: outputSchema ?? p.schema,
      input: false,
      required: false,
      replaces: false,
    }));
}

const surveysArgs = {
  projectId: projectIdRule.optional(),
  search: z.string().optional(),
  archived: z.boolean().optional(),
} satisfies RulesFor<GetSurveysArgs>;
const surveyArgs = { projectId: projectIdRule.optional(), id: z.string() } satisfies RulesFor<GetSurveyArgs>;
const countArgs = {
  projectId: projectIdRule.optional(),
  surveyIds: z.array(z.string()).optional(),
  excludeArchived: z.boolean().optional(),
} satisfies RulesFor<GetSurveyResponsesCountArgs>;

export function surveyFunctions(): FunctionDoc[] {
  const info = surveyInfo();
  const projectId = memberDoc(["SurveyOptions"], "projectId");
  return [
    {
      name: "getSurveys",
      description: symbolDoc("getSurveys"),
      inputs: functionInputs(surveysArgs, ["GetSurveysArgs"]),
      outputs: functionOutputs(
        { projectId: z.string(), surveys: { type: "array", items: objectSchema(info) } },
        ["GetSurveysResult"],
      ),
    },
    {
      name: "getSurvey",
      description: symbolDoc("getSurvey"),
      inputs: functionInputs(surveyArgs, ["GetSurveyArgs", "GetSurveysArgs"]),
      outputs: info,
    },
    {
      name: "getSurveyResponsesCount",
      description: symbolDoc("getSurveyResponsesCount"),
      inputs: functionInputs(countArgs, ["GetSurveyResponsesCountArgs", "GetSurveysArgs"]),
      outputs: functionOutputs(
        { projectId: z.string(), counts: z.record(z.string(), z.number().int()) },
        ["GetSurveyResponsesCountResult"],
        { projectId },
      ),
    },
  ];
}
