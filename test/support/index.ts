// The engine-protocol test harness (docs/contributing/pulumi-engine.md#testing-without-the-cli).
export { startProviderServer, ProviderCallError } from "./provider-server";
export type {
  ProviderServer,
  StartOptions,
  CheckFailure,
  DiffResult,
  DiffChanges,
  InitFailure,
} from "./provider-server";
export { createEngine } from "./engine";
export type { Engine, EngineOptions, Program, RunResult, Step, StepOp } from "./engine";
export { StateStore } from "./state";
export type { StateResource } from "./state";
export { runProgram } from "./program";
export type { ProgramRunOptions, ProgramRunResult } from "./program";
export { formatSteps, formatStep, countSteps } from "./diff-display";
export { pulumiOnPath, requirePulumiCli, CLI_SKIP_MESSAGE } from "./pulumi-cli";
export { UNKNOWN, PROVIDER_KEY, changedKeys, toEngineInputs, withoutProvider } from "./values";
export type { Props } from "./values";
