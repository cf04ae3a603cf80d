// The Survey resource a Pulumi program declares. Inputs are camelCase; nested questions, conditions and
// appearance keep PostHog's own keys. The provider object passed to Pulumi is the thin shim (shim.ts).
import * as pulumi from "@pulumi/pulumi";
import { SURVEY_OUTPUT_NAMES } from "./mapping";
import type {
  SurveyAdoption,
  SurveyAppearance,
  SurveyConditions,
  SurveyFlag,
  SurveyQuestion,
  SurveySchedule,
  SurveyStatus,
  SurveyType,
  SurveyUser,
  TargetingFlagFilters,
} from "./types";

const surveyProvider: pulumi.dynamic.ResourceProvider = require("./shim");

/** A date as an ISO 8601 string or a `Date` (sent as ISO), or null to clear it. */
export type DateInput = string | Date | null;

export interface SurveyArgs {
  /** Project (numeric id) the survey lives in. Defaults to posthog:projectId / POSTHOG_PROJECT_ID, then the key's current project. Changing it replaces the survey. */
  projectId?: pulumi.Input<string | number>;
  /** Unique (per project, case-sensitive) survey name, at most 400 characters. */
  name: pulumi.Input<string>;
  description?: pulumi.Input<string>;
  /** popover, button, email, full_screen, api, widget or external_survey. */
  type: pulumi.Input<SurveyType>;
  /** A feature flag that must be enabled for the survey to show. */
  linkedFlagId?: pulumi.Input<number | null>;
  /** An existing flag to use for targeting. */
  targetingFlagId?: pulumi.Input<number | null>;
  /** The linked flag by key instead of id (ids differ between projects and hosts). Not with linkedFlagId. */
  linkedFlagKey?: pulumi.Input<string | null>;
  /** The targeting flag by key instead of id. Not with targetingFlagId. */
  targetingFlagKey?: pulumi.Input<string | null>;
  /** Release conditions: PostHog creates (and later updates) a targeting flag from them. Write-only. */
  targetingFlagFilters?: pulumi.Input<TargetingFlagFilters | null>;
  /** true deletes the survey's targeting flag. Write-only. */
  removeTargetingFlag?: pulumi.Input<boolean>;
  questions?: pulumi.Input<pulumi.Input<SurveyQuestion>[]>;
  conditions?: pulumi.Input<SurveyConditions | null>;
  appearance?: pulumi.Input<SurveyAppearance | null>;
  /** Launches the survey (ISO 8601 string or Date). */
  startDate?: pulumi.Input<DateInput>;
  /** Stops the survey (ISO 8601 string or Date). */
  endDate?: pulumi.Input<DateInput>;
  /** draft, running (launches; from stopped, resumes) or stopped. A launched survey cannot go back to draft. */
  status?: pulumi.Input<SurveyStatus>;
  archived?: pulumi.Input<boolean>;
  schedule?: pulumi.Input<SurveySchedule>;
  responsesLimit?: pulumi.Input<number | null>;
  iterationCount?: pulumi.Input<number | null>;
  iterationFrequencyDays?: pulumi.Input<number | null>;
  enablePartialResponses?: pulumi.Input<boolean>;
  /** The language the survey's own texts are in, a code such as "en" or "pt-BR" (default "en"). */
  baseLanguage?: pulumi.Input<string>;
  /** Take over an existing survey (by id or exact name) instead of creating one; used only at create. */
  adopt?: pulumi.Input<SurveyAdoption>;
}

/** Dates cross the wire as ISO strings: a Date would serialize as `{}`. */
function isoDate(value: pulumi.Input<DateInput> | undefined): pulumi.Input<string | null> | undefined {
  if (value === undefined || value === null || typeof value === "string") return value;
  if (value instanceof Date) return value.toISOString();
  const later: pulumi.Output<unknown> = pulumi.output(value as pulumi.Input<string | null>);
  return later.apply((v) => (v instanceof Date ? v.toISOString() : (v as string | null)));
}

const OUTPUTS_NOT_KNOWN_YET = Object.fromEntries(SURVEY_OUTPUT_NAMES.map((key) => [key, undefined]));

/** A PostHog survey: its questions, targeting, appearance and lifecycle (launch, stop, archive). */
export class Survey extends pulumi.dynamic.Resource {
  declare readonly projectId: pulumi.Output<string>;
  declare readonly surveyId: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  declare readonly description: pulumi.Output<string>;
  declare readonly type: pulumi.Output<string>;
  declare readonly linkedFlagId: pulumi.Output<number | null>;
  declare readonly targetingFlagId: pulumi.Output<number | null>;
  /** The key of the linked flag, whether declared by key or by id. */
  declare readonly linkedFlagKey: pulumi.Output<string | null>;
  declare readonly targetingFlagKey: pulumi.Output<string | null>;
  declare readonly targetingFlagFilters: pulumi.Output<TargetingFlagFilters | null>;
  declare readonly removeTargetingFlag: pulumi.Output<boolean>;
  /** Questions as PostHog holds them, each with its server-assigned `id`. */
  declare readonly questions: pulumi.Output<SurveyQuestion[]>;
  declare readonly conditions: pulumi.Output<SurveyConditions | null>;
  declare readonly appearance: pulumi.Output<SurveyAppearance | null>;
  declare readonly startDate: pulumi.Output<string | null>;
  declare readonly endDate: pulumi.Output<string | null>;
  /** As PostHog holds it: draft (no start date), running (start date, no end date) or stopped (end date). */
  declare readonly status: pulumi.Output<SurveyStatus>;
  declare readonly archived: pulumi.Output<boolean>;
  declare readonly schedule: pulumi.Output<string>;
  declare readonly responsesLimit: pulumi.Output<number | null>;
  declare readonly iterationCount: pulumi.Output<number | null>;
  declare readonly iterationFrequencyDays: pulumi.Output<number | null>;
  declare readonly enablePartialResponses: pulumi.Output<boolean>;
  declare readonly baseLanguage: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly createdBy: pulumi.Output<SurveyUser | null>;
  declare readonly linkedFlag: pulumi.Output<SurveyFlag | null>;
  declare readonly targetingFlag: pulumi.Output<SurveyFlag | null>;
  declare readonly internalTargetingFlag: pulumi.Output<SurveyFlag | null>;

  constructor(name: string, args: SurveyArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      surveyProvider,
      name,
      {
        // Every output must be a prop for Pulumi to create an Output for it (a `get` passes no inputs).
        ...OUTPUTS_NOT_KNOWN_YET,
        ...args,
        startDate: isoDate(args?.startDate),
        endDate: isoDate(args?.endDate),
      },
      opts,
      "posthog",
      "Survey",
    );
  }

  /** A read-only reference to an existing survey (Pulumi cannot import dynamic resources; see `adopt`). */
  static get(
    name: string,
    id: pulumi.Input<string>,
    state?: { projectId?: pulumi.Input<string | number> },
    opts?: pulumi.CustomResourceOptions,
  ): Survey {
    return new Survey(name, { projectId: state?.projectId } as SurveyArgs, { ...opts, id });
  }
}
