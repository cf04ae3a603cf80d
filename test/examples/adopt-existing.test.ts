// examples/adopt-existing under the harness against the emulator: surveys and an invite made by hand first
// (from the example's seed/ files, as its README does with curl), then taken over and edited: no POST at all.
import fs from "node:fs";
import path from "node:path";
import { destroyAll, dump, exampleEngine, exampleProgram, ops, useStack, writes } from "./example-program";
import { REPO_ROOT } from "../support/self-link";

const stack = useStack();

const PROJECT = "posthog-adopt-existing";
const program = exampleProgram("adopt-existing");
const seed = (file: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "examples/adopt-existing/seed", file), "utf8"));

interface Made {
  id: string;
  questions: { id: string }[];
}

/** What the README's curl commands do: make the surveys and the invite outside Pulumi. */
async function madeByHand() {
  const post = async <T>(p: string, file: string) => {
    const res = await stack.api<T>("POST", p, seed(file));
    expect(res.status).toBe(201);
    return res.body;
  };
  const nps = await post<Made>(`/api/projects/@current/surveys/`, "customer-nps.json");
  const beta = await post<Made>(`/api/projects/@current/surveys/`, "beta-feedback.json");
  const invite = await post<{ id: string }>(`/api/organizations/@current/invites/`, "invite.json");
  return { nps, beta, invite };
}

describe("examples/adopt-existing", () => {
  it.each(["name", "id"] as const)(
    "takes everything over (beta survey by %s) with PATCHes only, then shows no change",
    async (by) => {
      const made = await madeByHand();
      const reference = await stack.api<Made>("POST", `/api/projects/@current/surveys/`, {
        name: "Owned by another team",
        type: "popover",
      });
      const config: Record<string, string> = { [`${PROJECT}:referenceSurveyId`]: reference.body.id };
      if (by === "id") config[`${PROJECT}:betaFeedbackSurveyId`] = made.beta.id;
      const engine = exampleEngine(stack, PROJECT, config);

      const preview = await engine.preview(program);
      expect(preview.errors).toEqual([]);
      expect(ops(preview)).toEqual([
        ["analytics-lead", "create"],
        ["beta-feedback", "create"],
        ["customer-nps", "create"],
        ["reference-survey", "read"],
      ]);

      await stack.clearRequests();
      const up = await engine.up(program);
      expect(up.errors).toEqual([]);
      const sent = writes(await stack.requests());
      expect(sent.filter((r) => r.method === "POST")).toEqual([]);
      const order = [made.beta.id, made.nps.id];
      const position = (p: string) => order.findIndex((id) => p.includes(id));
      const patches = [...sent].sort((a, b) => position(a.path) - position(b.path));
      expect(patches.map((r) => [r.method, r.path, r.body])).toEqual([
        [
          "PATCH",
          `/api/projects/${stack.projectId}/surveys/${made.beta.id}/`,
          { name: "Beta feedback (closed)", archived: true },
        ],
        [
          "PATCH",
          `/api/projects/${stack.projectId}/surveys/${made.nps.id}/`,
          {
            description: "Managed by Pulumi: change it in code, not in the UI.",
            questions: [
              expect.objectContaining({ id: made.nps.questions[0].id, type: "rating" }),
              expect.objectContaining({ id: made.nps.questions[1].id, optional: true }),
            ],
          },
        ],
      ]);
      expect(up.outputs).toEqual({
        customerNpsId: made.nps.id,
        betaFeedbackId: made.beta.id,
        leadInviteId: made.invite.id,
        referenceSurveyName: "Owned by another team",
      });

      await stack.clearRequests();
      const noop = await engine.preview(program);
      expect(noop.steps.map((s) => [s.name, s.op]).sort()).toEqual([
        ["analytics-lead", "same"],
        ["beta-feedback", "same"],
        ["customer-nps", "same"],
        ["reference-survey", "read"],
      ]);
      expect(writes(await stack.requests())).toEqual([]);

      // Adopted resources are managed: destroy deletes them. The Survey.get reference is left alone.
      await destroyAll(stack, engine);
      const after = await dump(stack);
      expect(after.surveys.map((s) => s.id)).toEqual([reference.body.id]);
      expect(after.invites).toEqual([]);
    },
  );

  it("says what to do when there is nothing to adopt", async () => {
    const up = await exampleEngine(stack, PROJECT).up(program);
    expect(up.errors.map((e) => e.message).join("\n")).toContain(
      'adopt.name "Customer NPS" matches no survey',
    );
  });
});
