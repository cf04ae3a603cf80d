// The Survey resource a Pulumi program declares. Inputs are camelCase; nested questions, conditions and
// appearance keep PostHog's own keys. The provider object passed to Pulumi is the thin shim (shim.ts).
import * as pulumi from "@pulumi/pulumi";
import { SURVEY_OUTPUT_NAMES } from "./mapping";
import { RESET_OUTPUTS } from "./fields";
import { IDENTITY_INPUT, STACK_MARK_INPUT, urnInput } from "../../ownership";
import { stackMark } from "../stack-mark/stack-mark";
import type { SurveyFields, SurveyOptions, SurveyOutputs } from "./types";
import { declaredArgs } from "../../provider-kit/seam";
import { warnOfPlainKey } from "../../provider-kit/plain-key";
import { positionAtCaller } from "../../provider-kit/source-position";

const surveyProvider: pulumi.dynamic.ResourceProvider = require("./shim");

/** The engine's type for this dynamic resource (dynamic.Resource prefixes the module and type given below). */
const SURVEY_TYPE = "pulumi-nodejs:dynamic/posthog:Survey";

/** A date as an ISO 8601 string or a `Date` (sent as ISO), or null to clear it. */
export type DateInput = string | Date | null;

/** How a program may give a field's value: dates also as `Date`, the project also as a number, lists item by item. */
type ArgValue<K, T> = K extends "startDate" | "endDate"
  ? DateInput
  : K extends "projectId"
    ? string | number
    : T extends readonly (infer E)[]
      ? pulumi.Input<E>[]
      : T;

/** The arguments of a Survey: every field of SurveyFields and the provider's own inputs, each a Pulumi input. */
export type SurveyArgsOf<T> = { [K in keyof T]: pulumi.Input<ArgValue<K, Exclude<T[K], undefined>>> };

/** The arguments of `new Survey(...)`, derived from SurveyFields and SurveyOptions (their doc comments carry over). */
export type SurveyArgs = SurveyArgsOf<SurveyFields & SurveyOptions>;

/** What a Survey exposes: each output as a Pulumi output. */
type SurveyOutputProperties = {
  readonly [K in keyof Omit<SurveyOutputs, "declared">]-?: pulumi.Output<SurveyOutputs[K]>;
};

/** Dates cross the wire as ISO strings: a Date would serialize as `{}`. Anything else goes on as it is, for check. */
function isoDate(value: pulumi.Input<DateInput> | undefined): pulumi.Input<unknown> {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined || value === null || typeof value === "string") return value;
  // A Promise or Output: its value, once known, as an ISO string when it is a Date.
  const later: pulumi.Output<unknown> = pulumi.output(value);
  return later.apply((v) => (v instanceof Date ? v.toISOString() : v));
}

const OUTPUTS_NOT_KNOWN_YET = Object.fromEntries(SURVEY_OUTPUT_NAMES.map((key) => [key, undefined]));

// The class's output properties derive from SurveyOutputs through this interface, merged into the class: each
// is set by Pulumi from the resource's outputs, never by the constructor.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface Survey extends SurveyOutputProperties {}

/** A PostHog survey: its questions, targeting, appearance and lifecycle (launch, stop, archive). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class Survey extends pulumi.dynamic.Resource {
  constructor(name: string, args: SurveyArgs, opts?: pulumi.CustomResourceOptions) {
    // Refused here if it holds a "__proto__" key, before the SDK copies it (provider-kit/seam.ts); checked before
    // the stack limit below, so the error keeps its stack.
    const declared = declaredArgs("Survey", name, args);
    // The SDK records `new Error().stack` four times per property it makes an Output of (runtime/rpc.ts,
    // transferProperties, through runtime/debuggable.ts, debuggablePromise: kept only for its promise-leak report),
    // each formatted through the language host's source-map hook: most of a Survey's constructor time. No stack is
    // recorded while the limit is 0. The resource's source position is unaffected: Resource.callsites
    // (resource.ts) lifts the limit itself for the one stack it reads.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    const restoreStacks = positionAtCaller(__filename);
    try {
      super(
        surveyProvider,
        name,
        {
          // Every output must be a prop for Pulumi to create an Output for it (a `get` passes no inputs).
          ...OUTPUTS_NOT_KNOWN_YET,
          ...declared,
          // Own keys only, as the spread above (and the engine) see them: never a date inherited from a prototype.
          startDate: isoDate(args && Object.hasOwn(args, "startDate") ? args.startDate : undefined),
          endDate: isoDate(args && Object.hasOwn(args, "endDate") ? args.endDate : undefined),
          // Not an argument: which resource of which stack this is, so a create can prove a survey it meets in
          // PostHog is its own (ownership/identity.ts, ownership.ts).
          [IDENTITY_INPUT]: urnInput(SURVEY_TYPE, name, opts),
          // Not an argument either: the stack's mark, which no other stack shares (stack-mark/stack-mark.ts).
          // A read (`Survey.get`, an `id` option) creates nothing, so needs none.
          ...(opts?.id === undefined ? { [STACK_MARK_INPUT]: stackMark() } : {}),
        },
        opts,
        "posthog",
        "Survey",
      );
      // State leaves out an output that holds its reset value (fields.ts, RESET_OUTPUTS): read it back as that value.
      for (const [field, reset] of RESET_OUTPUTS) {
        const stored: pulumi.Output<unknown> = this[field];
        Object.assign(this, { [field]: stored.apply((value) => value ?? reset) });
      }
    } finally {
      restoreStacks();
      Error.stackTraceLimit = stackTraceLimit;
    }
    warnOfPlainKey(this);
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
