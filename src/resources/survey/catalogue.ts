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
  symbolDoc,
  userSummaryRule,
  type FunctionDoc,
  type PropertyDoc,
  type ResourceDoc,
} from "../catalogue-kit";
import { fieldRule, resetValue, SURVEY_FIELD_NAMES, wireName } from "./fields";
import { SURVEY_OPTION_RULES } from "./validate";
import { countArgs, surveyArgs, surveysArgs } from "./function-args";
import type { SurveyComputed, SurveyFlag, SurveyOptions } from "./types";

const flagRule = z
  .object({
    id: z.number().int(),
    key: z.string(),
    active: z.boolean(),
    filters: z.record(z.string(), z.unknown()).optional(),
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

/** The diff's bookkeeping (what the program declared at the last apply): state, not something to read. */
const INTERNAL_OUTPUT: keyof SurveyComputed = "declared";

/**
 * The provider's own inputs (SurveyOptions), one entry each: typed by the option names, so an option without an
 * entry does not compile. Their rules are SURVEY_OPTION_RULES (validate.ts); their descriptions, SurveyOptions'.
 */
const OPTIONS = (): {
  [K in keyof SurveyOptions]-?: Pick<
    PropertyDoc,
    "schema" | "outputSchema" | "output" | "replaces" | "default"
  >;
} => ({
  projectId: {
    schema: jsonSchema(projectIdRule),
    // surveyOutputs (mapping.ts) gives the project as the string the requests used.
    outputSchema: jsonSchema(z.string()),
    output: true,
    replaces: true,
  },
  adopt: { schema: jsonSchema(SURVEY_OPTION_RULES.adopt), output: false, replaces: false },
  // Read from the stored declaration by the diff and the delete (deletion-protection.ts), never sent to PostHog.
  deletionProtection: {
    schema: jsonSchema(SURVEY_OPTION_RULES.deletionProtection),
    output: false,
    replaces: false,
    default: true,
  },
});

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
  const options = Object.entries(OPTIONS()).map(([name, facts]): PropertyDoc => ({
    name,
    description: memberDoc(["SurveyOptions"], name),
    input: true,
    required: false,
    ...facts,
  }));
  const computed = Object.entries(COMPUTED).map(([name, schema]): PropertyDoc => ({
    name,
    description: memberDoc(["SurveyComputed"], name),
    schema: schema(),
    input: false,
    output: true,
    required: false,
    replaces: false,
    ...(name === INTERNAL_OUTPUT ? { internal: true } : {}),
  }));
  return [...options, ...fields, ...computed];
}

export function surveyResource(): ResourceDoc {
  return {
    name: "Survey",
    description: symbolDoc("Survey"),
    properties: surveyProperties(),
    example: {
      name: "feedback",
      args: {
        name: "Product feedback",
        type: "api",
        description: "What our users think",
        questions: [{ type: "open", question: "What should we build next?" }],
      },
      output: "surveyId",
    },
    importing: {
      id: "the survey's id (a UUID, shown in the survey's URL in PostHog)",
      adopt:
        'declare the Survey with `adopt: {id: "<uuid>"}` (or `adopt: {name: "<exact name>"}`): the first ' +
        "`pulumi up` takes it over without a POST and PATCHes only what differs. `Survey.get(name, id, " +
        "{projectId})` gives a read-only reference instead. `pulumi-posthog export` writes a whole project's " +
        "surveys this way.",
    },
  };
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

export function surveyFunctions(): FunctionDoc[] {
  const info = surveyInfo();
  const projectId = memberDoc(["SurveyOptions"], "projectId");
  return [
    {
      name: "getSurveys",
      description: symbolDoc("getSurveys"),
      example: { name: "found", args: { search: "feedback" }, output: "surveys" },
      inputs: functionInputs(surveysArgs, ["GetSurveysArgs"]),
      outputs: functionOutputs(
        { projectId: z.string(), surveys: { type: "array", items: objectSchema(info) } },
        ["GetSurveysResult"],
      ),
    },
    {
      name: "getSurvey",
      description: symbolDoc("getSurvey"),
      example: { name: "found", args: { id: "0196f1a0-5c3e-7000-8000-00000000f00d" }, output: "surveyId" },
      inputs: functionInputs(surveyArgs, ["GetSurveyArgs", "GetSurveysArgs"]),
      outputs: info,
    },
    {
      name: "getSurveyResponsesCount",
      description: symbolDoc("getSurveyResponsesCount"),
      example: { name: "found", args: {}, output: "counts" },
      inputs: functionInputs(countArgs, ["GetSurveyResponsesCountArgs", "GetSurveysArgs"]),
      outputs: functionOutputs(
        { projectId: z.string(), counts: z.record(z.string(), z.number().int()) },
        ["GetSurveyResponsesCountResult"],
        { projectId },
      ),
    },
  ];
}
