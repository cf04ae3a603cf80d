// Adoption and import are claims, and a delete respects every holder (docs/contributing/interrupted-runs.md,
// "Adoption and import claim…"). A resource renamed without an alias is a new resource to the engine: its create
// runs while the program registers it, the old name's delete at the end of the run. Following the refusal's advice
// (`adopt`, with POSTHOG_ADOPT_FROM_THIS_STACK for a survey this stack made, or `pulumi import` on the plugin face)
// must leave the object in PostHog, held by the new name, with a warning naming that holder. Each `pulumi` run gets its own provider process here, as with the real engine.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Invite, Survey, type SurveyArgs } from "../../src";
import { RESOURCE_TOKENS } from "../../src/plugin/tokens";
import { createEngine, type Program } from "../support/engine";
import { newRun, received } from "../support/kill-point";
import { startPluginServer } from "../support/plugin-server";
import { selfLinkNodePath, REPO_ROOT } from "../support/self-link";
import { pluginRouting, startStack, type TestStack } from "../support/stack";
import { PluginResource } from "../plugin/plugin-resource";

let dynamic: TestStack;
let plugin: TestStack;
let dir: string;
beforeAll(async () => {
  [dynamic, plugin] = await Promise.all([startStack(), startStack({ face: "plugin" })]);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-claims-"));
});
afterAll(async () => {
  await Promise.all([dynamic?.close(), plugin?.close()]);
  fs.rmSync(dir, { recursive: true, force: true });
});

const statePath = (name: string) => path.join(dir, `${name}.json`);

const survey = (name: string, more: Partial<SurveyArgs> = {}): SurveyArgs => ({
  name,
  type: "popover",
  questions: [{ type: "open", question: "What brought you here?" }],
  ...more,
});

const writes = (requests: string[]) => requests.filter((r) => !r.startsWith("GET "));

/** One `pulumi` run on the dynamic face: a fresh provider process on `state`. */
async function dynamicRun(state: string, run: "up" | "destroy", program: Program = () => undefined) {
  const { server, engine } = await newRun(dynamic, state);
  await dynamic.clearRequests();
  const result = run === "up" ? await engine.up(program) : await engine.destroy();
  await server.close();
  return {
    errors: result.errors.map((e) => e.message),
    steps: result.steps.map((s) => `${s.op} ${s.name}`),
    requests: received(await dynamic.requests()).map((r) => `${r.method} ${r.path} ${r.status}`),
    warnings: server.engineLog(),
    state: engine.state(),
  };
}

/** Runs `run` with POSTHOG_ADOPT_FROM_THIS_STACK naming `id` (the provider processes it starts inherit it). */
async function withAdoptFromThisStack<T>(id: string, run: () => Promise<T>): Promise<T> {
  process.env.POSTHOG_ADOPT_FROM_THIS_STACK = id;
  try {
    return await run();
  } finally {
    delete process.env.POSTHOG_ADOPT_FROM_THIS_STACK;
  }
}

const DELETE_OF = (id: string) => new RegExp(`^DELETE .*/${id}/? `);

describe("dynamic face", () => {
  test("a survey renamed and adopted by its new name: no DELETE, the new name holds the id, a warning names it", async () => {
    const state = statePath("survey-rename");
    const first = await dynamicRun(state, "up", () => {
      new Survey("before", survey("Renamed survey"));
    });
    expect(first.errors).toEqual([]);
    const [{ id }] = first.state;

    // Renamed without an alias: refused, aliases named first, nothing written.
    const refused = await dynamicRun(state, "up", () => {
      new Survey("after", survey("Renamed survey"));
    });
    const message = refused.errors.join("\n");
    expect(message).toContain(`Survey ${id} holds the name`);
    const aliasAt = message.indexOf('the resource\'s options { aliases: [{ name: "<old name>" }] }');
    expect(aliasAt).toBeGreaterThan(0);
    expect(message.indexOf(`adopt: {id: "${id}"}`)).toBeGreaterThan(aliasAt);
    // A dynamic resource cannot be imported: the dynamic face does not offer it.
    expect(message).not.toContain("pulumi import");
    expect(writes(refused.requests)).toEqual([`POST /api/projects/${dynamic.projectId}/surveys/ 400`]);

    // Adopt alone is refused: the survey's question ids say another resource of this stack made it, and the create
    // cannot tell a name leaving the program from a sibling the engine steps later (issue 55, item 7).
    const alone = await dynamicRun(state, "up", () => {
      new Survey("after", survey("Renamed survey", { adopt: { id } }));
    });
    expect(alone.errors.join("\n")).toContain(
      `cannot adopt survey ${id}: another resource of this stack created it (its question ids carry this stack's ` +
        "mark and not this resource's): one survey is managed by one resource of a stack. Nothing was written.",
    );
    expect(alone.errors.join("\n")).toContain(`POSTHOG_ADOPT_FROM_THIS_STACK=${id}`);
    expect(writes(alone.requests)).toEqual([]);
    expect(alone.requests.filter((r) => DELETE_OF(id).test(r))).toEqual([]);
    expect(alone.state.map((r) => [r.name, r.id])).toEqual([["before", id]]);

    // The way out the refusal gives, for a name that left the program.
    const adopted = await withAdoptFromThisStack(id, () =>
      dynamicRun(state, "up", () => {
        new Survey("after", survey("Renamed survey", { adopt: { id } }));
      }),
    );
    console.log(
      `survey renamed + adopt: steps ${JSON.stringify(adopted.steps)}; requests ${JSON.stringify(adopted.requests)}`,
    );
    expect(adopted.errors).toEqual([]);
    expect(adopted.steps).toEqual(["create after", "delete before"]);
    expect(adopted.requests.filter((r) => DELETE_OF(id).test(r))).toEqual([]);
    expect(writes(adopted.requests)).toEqual([]);
    expect(adopted.state.map((r) => [r.name, r.id])).toEqual([["after", id]]);
    expect(adopted.warnings).toContain(
      `Survey "Renamed survey": not deleting survey ${id}: resource "after" ` +
        `(urn:pulumi:stack::project::pulumi-nodejs:dynamic/posthog:Survey::after) of this stack adopted or ` +
        "imported it in this run. It stays in PostHog, managed by that resource; only this resource leaves the stack.",
    );
    const held = await dynamic.control<{ surveys: { id: string }[] }>("GET", "/state");
    expect(held.surveys.map((s) => s.id)).toContain(id);

    // The survey is the new name's like any other: its destroy deletes it, once.
    const destroyed = await dynamicRun(state, "destroy");
    expect(destroyed.requests.filter((r) => DELETE_OF(id).test(r))).toHaveLength(1);
  });

  test("an invite renamed and adopted: no DELETE, no second POST, the new name holds the invite", async () => {
    const state = statePath("invite-rename");
    const args = { targetEmail: "renamed-invite@example.com", firstName: "Rene" };
    const first = await dynamicRun(state, "up", () => {
      new Invite("before", args);
    });
    expect(first.errors).toEqual([]);
    const [{ id }] = first.state;

    const refused = await dynamicRun(state, "up", () => {
      new Invite("after", args);
    });
    const message = refused.errors.join("\n");
    expect(message).toContain(`already has a pending invite for renamed-invite@example.com (invite ${id}`);
    const aliasAt = message.indexOf('{ aliases: [{ name: "<old name>" }] }');
    expect(aliasAt).toBeGreaterThan(0);
    expect(message.indexOf("set adopt: true")).toBeGreaterThan(aliasAt);
    expect(writes(refused.requests)).toEqual([]);

    const adopted = await dynamicRun(state, "up", () => {
      new Invite("after", { ...args, adopt: true });
    });
    console.log(
      `invite renamed + adopt: steps ${JSON.stringify(adopted.steps)}; requests ${JSON.stringify(adopted.requests)}`,
    );
    expect(adopted.errors).toEqual([]);
    expect(writes(adopted.requests)).toEqual([]);
    expect(adopted.state.map((r) => [r.name, r.id])).toEqual([["after", id]]);
    expect(adopted.warnings).toContain(
      `Invite "renamed-invite@example.com": not deleting invite ${id}: resource "after" ` +
        "(urn:pulumi:stack::project::pulumi-nodejs:dynamic/posthog:Invite::after) of this stack adopted or imported it",
    );
    const held = await dynamic.control<{ invites: { id: string }[] }>("GET", "/state");
    expect(held.invites.map((i) => i.id)).toContain(id);
  });

  test("an object another resource of the stack holds: adopt is refused naming it; once it leaves, the adopt goes through", async () => {
    const state = statePath("both-held");
    const first = await dynamicRun(state, "up", () => {
      new Survey("old", survey("Held twice"));
    });
    const [{ id }] = first.state;
    // One object, one resource of a stack: while "old" holds it (its diff in this run), "new" may not adopt it.
    const both = await dynamicRun(state, "up", () => {
      new Survey("old", survey("Held twice"));
      new Survey("new", survey("Held twice", { adopt: { id } }));
    });
    expect(both.errors).toEqual([
      `Survey "Held twice": could not create it in project 1. Survey "Held twice": cannot adopt survey ${id}: ` +
        'resource "old" (urn:pulumi:stack::project::pulumi-nodejs:dynamic/posthog:Survey::old) of this stack holds ' +
        "it: one object is managed by one resource of a stack.",
    ]);
    expect(writes(both.requests)).toEqual([]);
    // A later run (a new provider process) drops the old name: the adopt is a rename, which the user says with
    // POSTHOG_ADOPT_FROM_THIS_STACK, and the leaving name's delete leaves the survey to it.
    const later = await withAdoptFromThisStack(id, () =>
      dynamicRun(state, "up", () => {
        new Survey("new", survey("Held twice", { adopt: { id } }));
      }),
    );
    expect(later.errors).toEqual([]);
    expect(writes(later.requests)).toEqual([]);
    expect(later.requests.filter((r) => DELETE_OF(id).test(r))).toEqual([]);
    expect(later.state.map((r) => [r.name, r.id])).toEqual([["new", id]]);
  });

  test("a rename with an alias-free replacement still deletes what its own resource replaced", async () => {
    // Sanity: a delete nobody else holds goes through (the old name's survey, its new name declaring another).
    const state = statePath("plain-delete");
    const first = await dynamicRun(state, "up", () => {
      new Survey("gone", survey("Going away"));
    });
    const [{ id }] = first.state;
    const second = await dynamicRun(state, "up", () => {
      new Survey("other", survey("Another survey"));
    });
    expect(second.errors).toEqual([]);
    expect(second.requests.filter((r) => DELETE_OF(id).test(r))).toHaveLength(1);
    expect(second.warnings).not.toContain("not deleting");
  });
});

describe("plugin face", () => {
  /** One run of the plugin face: a fresh plugin process on `state`. */
  async function pluginRun<T>(state: string, run: (engine: ReturnType<typeof createEngine>) => Promise<T>) {
    const server = await startPluginServer({ cwd: REPO_ROOT, env: { NODE_PATH: selfLinkNodePath() } });
    const engine = createEngine({
      server,
      config: plugin.config,
      statePath: state,
      routing: pluginRouting(server),
    });
    await plugin.clearRequests();
    try {
      const result = await run(engine);
      return {
        result,
        engine,
        warnings: server.engineLog(),
        requests: received(await plugin.requests()).map((r) => `${r.method} ${r.path} ${r.status}`),
      };
    } finally {
      await server.close();
    }
  }

  test("a survey renamed, imported under its new name, then up: no DELETE, the new name holds it", async () => {
    const state = statePath("plugin-import");
    const args = survey("Imported after rename");
    const first = await pluginRun(state, (engine) =>
      engine.up(() => {
        new PluginResource("Survey", "before", args);
      }),
    );
    expect(first.result.errors).toEqual([]);
    const [{ id }] = first.engine.state();

    const refused = await pluginRun(state, (engine) =>
      engine.up(() => {
        new PluginResource("Survey", "after", args);
      }),
    );
    const message = refused.result.errors.map((e) => e.message).join("\n");
    expect(message).toContain(`Survey ${id} holds the name`);
    // The plugin offers the import, with this resource's name, after the alias and adopt.
    const importAt = message.indexOf(`pulumi import ${RESOURCE_TOKENS.Survey} after ${id}`);
    expect(importAt).toBeGreaterThan(message.indexOf(`adopt: {id: "${id}"}`));
    expect(message.indexOf("aliases")).toBeLessThan(message.indexOf(`adopt: {id: "${id}"}`));

    const imported = await pluginRun(state, (engine) => engine.import(RESOURCE_TOKENS.Survey, "after", id));
    expect(imported.result.errors).toEqual([]);

    // The imported inputs, as `pulumi import` writes the program for them.
    const inputs = imported.engine.state().find((r) => r.name === "after")?.inputs ?? {};
    const up = await pluginRun(state, (engine) =>
      engine.up(() => {
        new PluginResource("Survey", "after", inputs);
      }),
    );
    console.log(`plugin rename + import, then up: requests ${JSON.stringify(up.requests)}`);
    expect(up.result.errors).toEqual([]);
    expect(up.result.steps.map((s) => `${s.op} ${s.name}`)).toEqual(["same after", "delete before"]);
    expect(writes(up.requests)).toEqual([]);
    expect(up.engine.state().map((r) => [r.name, r.id])).toEqual([["after", id]]);
    expect(up.warnings).toContain(
      `Survey "Imported after rename": not deleting survey ${id}: resource "after" ` +
        `(urn:pulumi:stack::project::${RESOURCE_TOKENS.Survey}::after) of this stack holds it in this run.`,
    );
  });
});
