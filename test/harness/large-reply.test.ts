// A reply over gRPC's 4 MiB default: the real engine takes up to 400 MiB from a plugin, so the harness must too, or
// a large survey would fail here and pass under `pulumi up`. A 5 MiB description goes out in create's inputs and
// comes back in its outputs and in read's, through both faces.
import { Survey } from "../../src";
import { PluginResource } from "../plugin/plugin-resource";
import { FACES, type Face } from "../plugin/raw-faces";
import { startStack, type TestStack } from "../support/stack";

const DESCRIPTION = "d".repeat(5 * 1024 * 1024);
const ARGS = { name: "Large reply", type: "api" as const, description: DESCRIPTION };

const stacks: Partial<Record<Face, TestStack>> = {};
afterAll(async () => {
  await Promise.all(Object.values(stacks).map((stack) => stack.close()));
});

test.each(FACES)("the %s face: up and refresh carry a 5 MiB survey", async (face) => {
  const stack = (stacks[face] = await startStack(face === "plugin" ? { face } : {}));
  const program = () =>
    face === "dynamic" ? new Survey("large", ARGS) : new PluginResource("Survey", "large", ARGS);
  const up = await stack.engine.up(program);
  expect(up.errors).toEqual([]);
  const [created] = stack.engine.state();
  expect(created.outputs.description).toBe(DESCRIPTION);
  const refreshed = await stack.engine.refresh();
  expect(refreshed.errors).toEqual([]);
  expect(stack.engine.state()[0].outputs.description).toBe(DESCRIPTION);
});
