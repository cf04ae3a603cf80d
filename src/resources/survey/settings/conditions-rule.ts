// The check rule for `conditions` (public type: conditions.ts). PostHog's serializer only asks for an object
// (products/surveys/backend/api/survey.py, validate_conditions); the keys and their types are those of
// SurveyConditionsSchemaSerializer and PostHog's SDK types (conditions.ts names them). linkedFlagVariant's need
// for a linked flag spans fields and is checked in inputs.ts.
import { z } from "zod";
import type { FitsPublic } from "../../../provider-kit/public-shape";
import { docsFrom } from "../../../provider-kit/docs-from";
import { nonBlank } from "../../../provider-kit/text-rules";
import {
  SURVEY_DEVICE_TYPES,
  SURVEY_MATCH_TYPES,
  SURVEY_PROPERTY_OPERATORS,
  type SurveyActionCondition,
  type SurveyConditions,
  type SurveyEventCondition,
  type SurveyPropertyFilter,
} from "./conditions";
import { extraRule, settingsObject } from "./object-rule";

const matchType = (key: string) =>
  z
    .enum(SURVEY_MATCH_TYPES, { error: `${key} must be one of: ${SURVEY_MATCH_TYPES.join(", ")}.` })
    .optional();

const propertyFilterShape = {
  values: z.array(z.string({ error: "property filter values must be strings." }), {
    error: "values must be a list of strings.",
  }),
  operator: z.enum(SURVEY_PROPERTY_OPERATORS, {
    error: `operator must be one of: ${SURVEY_PROPERTY_OPERATORS.join(", ")}.`,
  }),
};

const eventShape = {
  name: nonBlank("event name", '{name: "$pageview"}'),
  propertyFilters: z
    .record(
      z.string(),
      settingsObject(propertyFilterShape, "a property filter").meta(docsFrom("SurveyPropertyFilter")),
      {
        error: "propertyFilters must be an object keyed by property name.",
      },
    )
    .optional(),
};
const events = z.array(settingsObject(eventShape, "an event").meta(docsFrom("SurveyEventCondition")), {
  error: "values must be a list of events.",
});

// PostHog links the actions by id (survey.py, _associate_actions) and answers with whole Action objects
// (get_survey_conditions_with_actions), so an action's other keys are accepted and play no part.
const actionShape = {
  id: z.number({ error: "an action's id must be a number." }).int("an action's id must be a whole number."),
  name: z.string().nullable().optional(),
};

export const conditionsShape = {
  url: z.string({ error: "url must be a string." }).optional(),
  urlMatchType: matchType("urlMatchType"),
  selector: z.string({ error: "selector must be a string." }).optional(),
  seenSurveyWaitPeriodInDays: z
    .number({ error: "seenSurveyWaitPeriodInDays must be a number of days." })
    .int("seenSurveyWaitPeriodInDays must be a whole number of days.")
    .nonnegative("seenSurveyWaitPeriodInDays must be 0 or more days.")
    .nullable()
    .optional(),
  deviceTypes: z
    .array(
      z.enum(SURVEY_DEVICE_TYPES, {
        error: `deviceTypes entries must be ${SURVEY_DEVICE_TYPES.join(", ")}.`,
      }),
      { error: "deviceTypes must be a list." },
    )
    .optional(),
  deviceTypesMatchType: matchType("deviceTypesMatchType"),
  linkedFlagVariant: z.string({ error: "linkedFlagVariant must be a string." }).nullable().optional(),
  events: settingsObject(
    {
      repeatedActivation: z.boolean({ error: "repeatedActivation must be true or false." }).optional(),
      values: events.optional(),
    },
    "events",
  )
    .meta(docsFrom("SurveyConditions.events"))
    .nullable()
    .optional(),
  cancelEvents: settingsObject({ values: events.optional() }, "cancelEvents")
    .meta(docsFrom("SurveyConditions.cancelEvents"))
    .nullable()
    .optional(),
  actions: settingsObject(
    {
      values: z
        .array(
          z
            .looseObject(actionShape, { error: "each action must be an object like {id: 12}." })
            .meta(docsFrom("SurveyActionCondition")),
          {
            error: "values must be a list of actions.",
          },
        )
        .optional(),
    },
    "actions",
  )
    .meta(docsFrom("SurveyConditions.actions"))
    .nullable()
    .optional(),
  extra: extraRule.optional(),
};

/** `conditions`: an object (or null) with PostHog's display-condition keys. */
export const conditionsRule = settingsObject(conditionsShape, "conditions")
  .meta(docsFrom("SurveyConditions"))
  .nullable();

// The public types (conditions.ts) are the one place for the shapes; these fail to compile on a drift.
const _conditionsFits: FitsPublic<typeof conditionsShape, SurveyConditions> = true;
const _eventFits: FitsPublic<typeof eventShape, SurveyEventCondition> = true;
const _filterFits: FitsPublic<typeof propertyFilterShape, SurveyPropertyFilter> = true;
const _actionFits: FitsPublic<typeof actionShape, Pick<SurveyActionCondition, "id" | "name">> = true;
