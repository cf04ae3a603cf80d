// On the plugin face the `declared` record (provider-kit/declared.ts) is not kept in the outputs: it is the
// resource's stored inputs, which the engine hands back with every call that needs it once Configure says so
// (`sends_old_inputs`, `sends_old_inputs_to_delete`; pulumi/pulumi pkg/resource/plugin/provider_plugin.go,
// provider.Configure sets both, and Diff, Update and Delete then send `old_inputs`, Read its `inputs`). The
// dynamic face cannot do this: the SDK's dynamic provider hands its code the old outputs alone. The file backend
// rewrites the whole checkpoint at every step, so a second copy of every declared field costs CPU that grows with
// N² (docs/contributing/performance.md).
import { declaredInputs } from "../provider-kit/declared";
import { isRecord } from "../provider-kit/json";
import type { Props } from "./wire-values";

const DECLARED = "declared";

/** Whether this engine sends the old inputs to Diff, Update, Delete and Read (its Configure said so). */
let inputsComeBack = false;

/** Records what the engine's Configure promised. An engine that does not promise it keeps `declared` in state. */
export function engineSendsOldInputs(toDiffAndUpdate: boolean, toDelete: boolean): void {
  inputsComeBack = toDiffAndUpdate && toDelete;
}

/** Outputs as the plugin hands them to the engine for state: without `declared` when the inputs come back. */
export function outputsForState(outputs: Props): Props {
  if (!inputsComeBack || !(DECLARED in outputs)) return outputs;
  const { [DECLARED]: _declared, ...rest } = outputs;
  return rest;
}

/**
 * Stored outputs as the resource code reads them: with `declared` rebuilt from the stored inputs when the
 * outputs do not carry it. Outputs written before (or by an engine that sends no inputs) keep their own.
 */
export function outputsWithDeclared(outputs: Props, storedInputs: Props): Props {
  if (isRecord(outputs[DECLARED])) return outputs;
  return { ...outputs, [DECLARED]: declaredInputs(storedInputs) };
}
