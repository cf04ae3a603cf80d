// What `pulumi import` needs from a provider: its Read with only an id (pulumi/pulumi
// pkg/resource/deploy/step.go, ImportStep.Apply: no inputs, no state) must return the inputs that declare the
// object and outputs such that the next preview of that declaration shows no change. Each resource builds the
// inputs as `pulumi-posthog export` writes them (its export.ts), checks them as a program's would be checked,
// and records them as the declared inputs, the bookkeeping its diff compares against.
import type * as pulumi from "@pulumi/pulumi";
import { declaredInputs } from "./declared";

type Json = Record<string, unknown>;

export interface Imported {
  id: string;
  inputs: Json;
  outputs: Json;
}

/** The checked `args` as inputs, and the read outputs with those inputs as what was declared. */
export async function importedAs(
  id: string,
  outputs: Json,
  args: Json,
  check: (olds: Json, news: Json) => Promise<pulumi.dynamic.CheckResult>,
): Promise<Imported> {
  const inputs: Json = (await check({}, args)).inputs ?? args;
  return { id, inputs, outputs: { ...outputs, declared: declaredInputs(inputs) } };
}
