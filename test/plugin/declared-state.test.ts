// On the plugin face, state keeps the program's declaration once: as the inputs, not again as the `declared`
// output (src/plugin/declared-state.ts). What that record is for must still hold: a field the program stops
// declaring is reset, one it never declared is left alone; and a state written with the record (by an earlier
// release) reads, previews and updates as before, losing the record at its next write.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { startStack, type TestStack } from "../support/stack";
import { PluginResource } from "./plugin-resource";

let stack: TestStack;
let dir: string;
beforeAll(async () => {
  stack = await startStack({ face: "plugin" });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "declared-state-"));
});
afterAll(async () => {
  await stack?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const base = { name: "Declared once", type: "popover", questions: [{ type: "open", question: "Why?" }] };
const withDescription = { ...base, description: "Said once" };

const requests = async () =>
  (await stack.requests()).map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/, ":id")}`);
const surveyBodies = async () =>
  (await stack.requests()).filter((r) => r.method === "PATCH").map((r) => r.body);

const stateFile = z
  .object({
    resources: z.array(
      z
        .object({
          type: z.string(),
          inputs: z.record(z.string(), z.unknown()),
          outputs: z.record(z.string(), z.unknown()),
        })
        .passthrough(),
    ),
  })
  .passthrough();

test("state holds no `declared` output; a field no longer declared is reset, one never declared is not", async () => {
  const engine = stack.newEngine();
  const created = await engine.up(() => new PluginResource("Survey", "s", withDescription));
  expect(created.errors).toEqual([]);
  const [survey] = engine.state();
  expect(Object.keys(survey.outputs)).not.toContain("declared");
  expect(survey.inputs).toMatchObject({ description: "Said once" });

  await stack.clearRequests();
  const same = await engine.up(() => new PluginResource("Survey", "s", withDescription));
  expect(same.steps.map((s) => s.op)).toEqual(["same"]);
  expect(await requests()).toEqual([]);

  // Dropping `description` resets it (PostHog's empty text); `appearance`, never declared, is not sent.
  await stack.clearRequests();
  const dropped = await engine.up(() => new PluginResource("Survey", "s", base));
  expect(dropped.errors).toEqual([]);
  expect(dropped.steps.map((s) => [s.op, s.changedKeys])).toEqual([["update", ["description"]]]);
  expect(await surveyBodies()).toEqual([{ description: "" }]);
  expect(Object.keys(engine.state()[0].outputs)).not.toContain("declared");

  await stack.clearRequests();
  const removed = await engine.up(() => undefined);
  expect(removed.steps.map((s) => s.op)).toEqual(["delete"]);
  // The delete counts the project's responses first: a survey holding some is protected (deletion-protection.ts).
  expect(await requests()).toEqual([
    "GET /api/projects/1/surveys/responses_count/",
    "DELETE /api/projects/1/surveys/:id/",
  ]);
});

test("a state whose outputs still carry `declared` previews clean, updates by it, and drops it at that write", async () => {
  const statePath = path.join(dir, "stack.json");
  const first = stack.newEngine({ statePath });
  expect((await first.up(() => new PluginResource("Survey", "old", withDescription))).errors).toEqual([]);
  // As an earlier release wrote it: the declaration kept in the outputs too.
  const written = stateFile.parse(JSON.parse(fs.readFileSync(statePath, "utf8")));
  for (const r of written.resources)
    if (r.type.endsWith(":Survey")) Object.assign(r, { outputs: { ...r.outputs, declared: r.inputs } });
  fs.writeFileSync(statePath, JSON.stringify(written));

  const engine = stack.newEngine({ statePath });
  expect(engine.state()[0].outputs.declared).toEqual(withDescription);
  await stack.clearRequests();
  const preview = await engine.preview(() => new PluginResource("Survey", "old", withDescription));
  expect(preview.steps.map((s) => [s.op, s.changedKeys])).toEqual([["same", []]]);
  expect(await requests()).toEqual([]);

  await stack.clearRequests();
  const dropped = await engine.up(() => new PluginResource("Survey", "old", base));
  expect(dropped.steps.map((s) => [s.op, s.changedKeys])).toEqual([["update", ["description"]]]);
  expect(await surveyBodies()).toEqual([{ description: "" }]);
  expect(Object.keys(engine.state()[0].outputs)).not.toContain("declared");
  expect((await engine.up(() => undefined)).errors).toEqual([]);
});
