// Every resource's engine calls, each loaded on its first use: the one module of this package a provider process
// loads (the dynamic provider through src/resources/*/provider.ts, the plugin through src/plugin/resources.ts).
// `npm run build` replaces its compiled file with a bundle of it and of everything it loads but its dependencies
// (tools/bundle.js), so a provider process reads one file of ours where it read about 45, and zod's one where it
// read about 100; each module in the bundle still runs only when it is first required, as it did on its own.
import type * as SurveyCalls from "./resources/survey/calls";
import type * as DynamicSurveyCalls from "./resources/survey/dynamic-calls";
import type * as InviteCalls from "./resources/invite/calls";
import type * as InviteBatchCalls from "./resources/invite/batch-calls";

export const survey = (): typeof SurveyCalls => require("./resources/survey/calls");
export const invite = (): typeof InviteCalls => require("./resources/invite/calls");
export const inviteBatch = (): typeof InviteBatchCalls => require("./resources/invite/batch-calls");

// The calls as the dynamic face serves them: each records in its state the host its object lives at
// (provider-kit/recorded-host.ts), which that face's diff has no other way to learn. The Survey's also keep a
// smaller state (dynamic-calls.ts).
const recordingHost = (): typeof import("./provider-kit/recorded-host") =>
  require("./provider-kit/recorded-host");
export const dynamicSurvey = (): typeof DynamicSurveyCalls =>
  recordingHost().recordingHost<typeof DynamicSurveyCalls>(require("./resources/survey/dynamic-calls"));
export const dynamicInvite = (): typeof InviteCalls => recordingHost().recordingHost(invite());
export const dynamicInviteBatch = (): typeof InviteBatchCalls => recordingHost().recordingHost(inviteBatch());
