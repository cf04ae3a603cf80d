import { z } from "zod";

/** GET surveys/responses_count/: flat map survey id -> count; surveys with none are absent. */
export const responsesCountSchema = z.record(z.string(), z.number().int().nonnegative());
export type WireResponsesCount = z.infer<typeof responsesCountSchema>;
