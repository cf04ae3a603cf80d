// Deletion protection (issue 50, case 2) through the engine stand-in, on both faces: a survey holding responses is
// neither deleted (destroy, or removed from the program) nor replaced (its projectId changed) unless the program
// declares `deletionProtection: false`; a survey without responses is deleted as before; responses are counted with
// one request per project per run at the diffs, and again right before each protected delete; a count that fails
// keeps the survey. Each `pulumi` run gets its own provider
// process, as with the real engine. The real CLI runs the same story in test/cli/deletion-protection.test.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Survey, type SurveyArgs } from "../../src";
import { createEngine, type Program } from "../support/engine";
import { startPluginServer } from "../support/plugin-server";
import { selfLinkNodePath, REPO_ROOT } from "../support/self-link";
import { newRun, received } from "../support/kill-point";
import { pluginRouting, startStack, type TestStack } from "../support/stack";
import { PluginResource } from "../plugin/plugin-resource";

type FaceName = "dynamic" | "plugin";
const stacks: Partial<Record<FaceName, TestStack>> = {};
beforeAll(async () => {
  [stacks.dynamic, stacks.plugin] = await Promise.all([startStack(), startStack({ face: "plugin" })]);
});
afterAll(async () => {
  await Promise.all([stacks.dynamic?.close(), stacks.plugin?.close()]);
});

const args = (name: string, more: Partial<SurveyArgs> = {}): SurveyArgs => ({
  name,
  type: "api",
  status: "running",
  questions: [{ type: "open", question: "How likely are you to recommend us?" }],
  ...more,
});

/** A program declaring `surveys` (resource name -> arguments) on `face`. */
const declaring =
  (face: FaceName, surveys: Record<string, SurveyArgs>): Program =>
  () => {
    for (const [name, survey] of Object.entries(surveys)) {
      if (face === "dynamic") new Survey(name, survey);
      else new PluginResource("Survey", name, survey);
    }
  };

/** One `pulumi` run: a fresh provider process on the face's state file, the requests PostHog received. */
async function run(face: FaceName, state: string, op: "up" | "preview" | "destroy", program?: Program) {
  const stack = stacks[face];
  if (!stack) throw new Error("no stack");
  const { server, engine } =
    face === "dynamic"
      ? await newRun(stack, state)
      : await (async () => {
          const plugin = await startPluginServer({ cwd: REPO_ROOT, env: { NODE_PATH: selfLinkNodePath() } });
          const routing = pluginRouting(plugin);
          return {
            server: plugin,
            engine: createEngine({ server: plugin, config: stack.config, statePath: state, routing }),
          };
        })();
  await stack.clearRequests();
  const result = op === "destroy" ? await engine.destroy() : await engine[op](program ?? (() => undefined));
  await server.close();
  return {
    errors: result.errors.map((e) => e.message),
    steps: result.steps.map((s) => `${s.op} ${s.name}`),
    requests: received(await stack.requests()).map((r) => `${r.method} ${r.path} ${r.status}`),
    state: engine.state(),
  };
}

let states = 0;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-protection-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
const newState = () => path.join(folder, `state-${++states}.json`);

describe.each(["dynamic", "plugin"] as const)("%s face", (face) => {
  const stack = () => stacks[face] as TestStack;
  const count = () => `GET /api/projects/${stack().projectId}/surveys/responses_count/ 200`;

  test("destroy refuses a survey holding responses with nothing deleted; deletionProtection: false lets it go", async () => {
    const state = newState();
    const up = await run(face, state, "up", declaring(face, { kept: args(`Kept ${face}`) }));
    expect(up.errors).toEqual([]);
    const [{ id }] = up.state;
    await stack().control("POST", `/surveys/${id}/responses`, { count: 4 });

    const refused = await run(face, state, "destroy");
    expect(refused.errors).toEqual([
      `Survey "Kept ${face}" (${id}) holds 4 responses (counted just before its delete) and has deletion ` +
        "protection, so it was not deleted. To delete it with its responses, run the same command again with " +
        `POSTHOG_DELETE_WITH_RESPONSES=${id} in the environment; to keep it in PostHog and stop managing it, ` +
        `with POSTHOG_LEAVE_IN_POSTHOG=${id}.`,
    ]);
    expect(refused.errors[0]?.split(/\s+/).length).toBeLessThanOrEqual(80);
    expect(refused.requests).toEqual([count()]);
    expect(refused.state.map((r) => r.id)).toEqual([id]);

    // Removed from the program: the same refusal at the delete.
    const removed = await run(face, state, "up", declaring(face, {}));
    expect(removed.errors).toEqual(refused.errors);
    expect(removed.requests).toEqual([count()]);

    // The way out: an up that sends nothing, then the delete, which counts nothing.
    const lifted = await run(
      face,
      state,
      "up",
      declaring(face, { kept: args(`Kept ${face}`, { deletionProtection: false }) }),
    );
    expect(lifted.errors).toEqual([]);
    expect(lifted.steps).toEqual(["update kept"]);
    expect(lifted.requests).toEqual([]);
    const destroyed = await run(face, state, "destroy");
    expect(destroyed.errors).toEqual([]);
    expect(destroyed.requests).toEqual([`DELETE /api/projects/${stack().projectId}/surveys/${id}/ 204`]);
  });

  test("the refusal's ways out, for one run: leave it in PostHog, or delete it with its responses", async () => {
    const state = newState();
    const up = await run(
      face,
      state,
      "up",
      declaring(face, { left: args(`Left ${face}`), gone: args(`Gone ${face}`) }),
    );
    expect(up.errors).toEqual([]);
    const [left, gone] = ["left", "gone"].map((name) => up.state.find((r) => r.name === name)?.id ?? "");
    await stack().control("POST", `/surveys/${left}/responses`, { count: 3 });
    await stack().control("POST", `/surveys/${gone}/responses`, { count: 2 });
    // Each provider process inherits the CLI's environment (here: the test's, at the process's start).
    process.env.POSTHOG_LEAVE_IN_POSTHOG = left;
    process.env.POSTHOG_DELETE_WITH_RESPONSES = `other-id, ${gone}`;
    let destroyed: Awaited<ReturnType<typeof run>>;
    try {
      destroyed = await run(face, state, "destroy");
    } finally {
      delete process.env.POSTHOG_LEAVE_IN_POSTHOG;
      delete process.env.POSTHOG_DELETE_WITH_RESPONSES;
    }
    expect(destroyed.errors).toEqual([]);
    // No count: both were named; the left one is sent nothing.
    expect(destroyed.requests).toEqual([`DELETE /api/projects/${stack().projectId}/surveys/${gone}/ 204`]);
    expect(destroyed.state).toEqual([]);
    const kept = await stack().control<{ surveys: { id: string }[] }>("GET", "/state");
    expect(kept.surveys.map((s) => s.id)).toContain(left);
  });

  test("surveys without responses are deleted as before, each counted right before its delete", async () => {
    const state = newState();
    const up = await run(
      face,
      state,
      "up",
      declaring(face, { a: args(`Empty A ${face}`), b: args(`Empty B ${face}`), c: args(`Empty C ${face}`) }),
    );
    expect(up.errors).toEqual([]);
    const destroyed = await run(face, state, "destroy");
    expect(destroyed.errors).toEqual([]);
    expect(destroyed.requests.filter((r) => r.startsWith("GET"))).toEqual([count(), count(), count()]);
    expect(destroyed.requests.filter((r) => r.startsWith("DELETE"))).toHaveLength(3);
    expect(destroyed.state).toEqual([]);
  });

  test("a replacement of a survey holding responses is refused at preview; false in the same change lets it go", async () => {
    const state = newState();
    const other = (await stack().control<{ id: number }>("POST", "/projects", { name: `Other ${face}` })).id;
    const name = `Moved ${face}`;
    const up = await run(face, state, "up", declaring(face, { moved: args(name) }));
    const [{ id }] = up.state;
    await stack().control("POST", `/surveys/${id}/responses`, { count: 1 });

    const words =
      `Survey "${name}" (${id}) holds 1 response; the change of projectId would replace it, deleting it with its ` +
      "responses, so it stops here: nothing was written to PostHog. Keep projectId as it was, or, to replace " +
      "it and lose its responses, set deletionProtection: false on the resource in the same change.";
    for (const op of ["preview", "up"] as const) {
      const refused = await run(
        face,
        state,
        op,
        declaring(face, { moved: args(name, { projectId: other }) }),
      );
      expect(refused.errors).toEqual([words]);
      expect(refused.requests).toEqual([count()]);
    }

    const moved = await run(
      face,
      state,
      "up",
      declaring(face, { moved: args(name, { projectId: other, deletionProtection: false }) }),
    );
    expect(moved.errors).toEqual([]);
    // The new survey is created and launched (status "running"), then the old one deleted.
    expect(moved.requests.filter((r) => !r.startsWith("GET") && !r.includes("/launch/"))).toEqual([
      `POST /api/projects/${other}/surveys/ 201`,
      `DELETE /api/projects/${stack().projectId}/surveys/${id}/ 204`,
    ]);
    await run(face, state, "destroy");
  });

  test("a survey whose responses cannot be counted is kept, saying why", async () => {
    const state = newState();
    const up = await run(face, state, "up", declaring(face, { uncounted: args(`Uncounted ${face}`) }));
    const [{ id }] = up.state;
    // A refusal PostHog would give a key without survey:read (responses_count's scope): not retried.
    await stack().control("POST", "/faults", {
      faults: [
        {
          method: "GET",
          path: "/surveys/responses_count/",
          status: 403,
          body: {
            type: "authentication_error",
            code: "permission_denied",
            detail: "API key missing required scope 'survey:read'",
            attr: null,
          },
        },
      ],
    });
    try {
      const refused = await run(face, state, "destroy");
      expect(refused.errors[0]).toContain(
        `Survey "Uncounted ${face}" (${id}) was not deleted: deletion protection could not count its responses`,
      );
      expect(refused.requests.filter((r) => r.startsWith("DELETE"))).toEqual([]);
    } finally {
      await stack().control("DELETE", "/faults");
    }
    await run(face, state, "destroy");
  });
});
