import { z } from "zod";
import { isoDate, jsonObject, userBasicSchema } from "./wire-common";
import { featureFlagSchema } from "./flags.wire";

/** A question: the server assigns `id`, which links responses, so it is required on reads. */
export const wireQuestionSchema = z.looseObject({
  id: z.string(),
  question: z.string(),
  type: z.string().nullish(),
});
export type WireQuestion = z.infer<typeof wireQuestionSchema>;

/** Fields shared by the GET shape and the POST/PATCH response shape. */
const surveyBase = {
  id: z.string(),
  name: z.string(),
  type: z.string(),
  // The model allows null (a survey saved without questions); read it as an empty list.
  questions: z
    .array(wireQuestionSchema)
    .nullish()
    .transform((questions) => questions ?? []),
  created_at: isoDate,
  start_date: isoDate.nullable(),
  end_date: isoDate.nullable(),
  archived: z.boolean(),
  description: z.string().nullish(),
  schedule: z.string().nullish(),
  linked_flag: featureFlagSchema.nullish(),
  targeting_flag: featureFlagSchema.nullish(),
  internal_targeting_flag: featureFlagSchema.nullish(),
  conditions: jsonObject.nullish(),
  appearance: jsonObject.nullish(),
  created_by: userBasicSchema.nullish(),
  responses_limit: z.number().int().nullish(),
  iteration_count: z.number().int().nullish(),
  iteration_frequency_days: z.number().int().nullish(),
  iteration_start_dates: z.array(z.string()).nullish(),
  current_iteration: z.number().int().nullish(),
  current_iteration_start_date: z.string().nullish(),
  enable_partial_responses: z.boolean().nullish(),
  base_language: z.string().nullish(),
  enable_iframe_embedding: z.boolean().nullish(),
};

/** POST/PATCH response (SurveySerializerCreateUpdateOnly): no linked_flag_id, no feature_flag_keys. */
export const surveyWriteResponseSchema = z.looseObject(surveyBase);
export type WireSurveyWriteResponse = z.infer<typeof surveyWriteResponseSchema>;

/** GET list/retrieve shape (SurveySerializer). */
export const surveySchema = z.looseObject({
  ...surveyBase,
  linked_flag_id: z.number().int().nullish(),
  feature_flag_keys: z.array(z.looseObject({ key: z.string(), value: z.string().nullable() })).nullish(),
  user_access_level: z.string().nullish(),
});
export type WireSurvey = z.infer<typeof surveySchema>;

/** Snake_case write body for POST/PATCH; each field optional, nullable where the API allows. */
export interface SurveyWriteBody {
  name?: string;
  description?: string;
  type?: string;
  linked_flag_id?: number | null;
  targeting_flag_id?: number | null;
  targeting_flag_filters?: Record<string, unknown> | null;
  remove_targeting_flag?: boolean;
  questions?: Record<string, unknown>[];
  conditions?: Record<string, unknown> | null;
  appearance?: Record<string, unknown> | null;
  start_date?: string | null;
  end_date?: string | null;
  archived?: boolean;
  schedule?: string | null;
  responses_limit?: number | null;
  iteration_count?: number | null;
  iteration_frequency_days?: number | null;
  enable_partial_responses?: boolean;
  base_language?: string;
  enable_iframe_embedding?: boolean;
}
