// The dynamic face's home for the stack's mark (ownership/stack-mark.ts): one small resource per stack,
// registered by the first Survey the program declares, whose `mark` output every Survey takes as an input
// (STACK_MARK_INPUT). A dynamic provider's create gets nothing but its inputs (@pulumi/pulumi
// cmd/dynamic-provider/index.ts), and the engine gives the dynamic-provider plugin neither a CheckConfig it runs
// (that plugin answers UNIMPLEMENTED) nor its own provider id, so a resource of its own is the one place a dynamic
// provider can keep a value in the stack's state before a survey's first create.
import * as pulumi from "@pulumi/pulumi";
import { positionAtCaller } from "../../provider-kit/source-position";
import { STACK_MARK_NAME } from "../../ownership";

const stackMarkProvider: pulumi.dynamic.ResourceProvider = require("./shim");

export { STACK_MARK_NAME };

class StackMark extends pulumi.dynamic.Resource {
  declare readonly mark: pulumi.Output<string>;

  constructor() {
    // Its source position (`sourcePosition` in the state) is the line of the user's program whose Survey registered
    // it, as the Survey's own is, not this file's (provider-kit/source-position.ts).
    const restoreStacks = positionAtCaller(__filename);
    try {
      super(stackMarkProvider, STACK_MARK_NAME, { mark: undefined }, {}, "posthog", "StackMark");
    } finally {
      restoreStacks();
    }
  }
}

// One per program run. The SDK keeps one resource monitor per run (a new one after setMocks or in each inline
// program of the automation API), so the mark resource is kept per monitor; without one (outside a run) a
// module-level one stands in.
const perRun = new WeakMap<object, StackMark>();
const outsideRun = {};

/** The stack's mark, as an input for a Survey: registers the mark resource on the first call of a run. */
export function stackMark(): pulumi.Output<string> {
  const key: object = pulumi.runtime.getMonitor() ?? outsideRun;
  let mark = perRun.get(key);
  if (!mark) {
    mark = new StackMark();
    perRun.set(key, mark);
  }
  return mark.mark;
}
