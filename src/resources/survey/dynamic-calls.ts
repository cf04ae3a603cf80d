// The Survey's engine calls as the dynamic face serves them (provider.ts): calls.ts's, with the outputs that hold
// their reset value left out of what goes to state (fields.ts, RESET_OUTPUTS), about 200 bytes a survey. The
// Survey class resolves each absent one to that value, so a program reads the same outputs; every reader of stored
// outputs already takes an absent field as its reset. The plugin face serves calls.ts as it is.
import type * as pulumi from "@pulumi/pulumi";
import * as calls from "./calls";
import { withoutResetOutputs } from "./fields";

type Inputs = Record<string, unknown>;

export const { configure, check, diff } = calls;

export async function create(news: Inputs): Promise<pulumi.dynamic.CreateResult> {
  const result = await calls.create(news);
  return { ...result, outs: result.outs && withoutResetOutputs(result.outs) };
}

export async function read(id: string, props: Inputs): Promise<pulumi.dynamic.ReadResult> {
  const result = await calls.read(id, props);
  return { ...result, props: result.props && withoutResetOutputs(result.props) };
}

export async function update(id: string, olds: Inputs, news: Inputs): Promise<pulumi.dynamic.UpdateResult> {
  const result = await calls.update(id, olds, news);
  return { ...result, outs: result.outs && withoutResetOutputs(result.outs) };
}

const remove = calls.delete;
export { remove as delete };
