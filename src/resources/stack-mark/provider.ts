// The StackMark provider module the serialized shim loads (shim.ts): the stack's mark (ownership/stack-mark.ts)
// made at create and kept as it is ever after. It talks to nothing: no PostHog request, no config read.
//
// The engine persists what create returns before any resource that takes an input from it is created: in
// pulumi/pulumi pkg/resource/deploy/step_executor.go, stepExecutor.executeStep calls OnResourceStepPost (which
// saves the step's result in the state: pkg/backend/snapshot.go, createSnapshotMutation.End) before stepComplete,
// "which allows steps that depend on this step to continue"; and a Survey is not even registered until the mark's
// output it takes as an input has resolved. So a survey's create never runs under a mark the state does not hold.
import type * as pulumi from "@pulumi/pulumi";
import { isStackMark, newStackMark } from "../../ownership";

type Json = Record<string, unknown>;

/** Nothing to configure: the mark needs no setting. */
export async function configure(): Promise<void> {}

/** No inputs: whatever the program passed is dropped, so nothing but the mark reaches state. */
export async function check(): Promise<pulumi.dynamic.CheckResult> {
  return { inputs: {} };
}

/** Never a change: the mark is made once and kept, whatever the program or an upgrade does. */
export async function diff(): Promise<pulumi.dynamic.DiffResult> {
  return { changes: false };
}

export async function create(): Promise<pulumi.dynamic.CreateResult> {
  const mark = newStackMark();
  return { id: mark, outs: { mark } };
}

/** A refresh keeps the stored mark: it lives in the state only. */
export async function read(id: string, props: Json): Promise<pulumi.dynamic.ReadResult> {
  const mark = isStackMark(props.mark) ? props.mark : id;
  return { id, props: { mark } };
}

/** Never called (diff reports no change); kept so an engine that calls it anyway leaves the mark as it is. */
export async function update(_id: string, olds: Json): Promise<pulumi.dynamic.UpdateResult> {
  return { outs: { mark: olds.mark } };
}

/** Nothing in PostHog to delete. */
export async function remove(): Promise<void> {}
export { remove as delete };
