// A survey POST PostHog answers after the client gave up, through the real `pulumi` CLI (dynamic providers): with
// `requestTimeoutMs` 2000, each survey POST is held 6 s by the server before it is applied (the emulator's
// `latencyMs` fault sleeps, then applies). The provider never sends it again (src/ownership/late-create.ts) and
// finds the survey by its name; it then takes it only on the proof an interrupted run's survey needs
// (src/resources/survey/interrupted.ts, takeLateAnswer: the mark, the fields, the claim), with a warning:
// - "Late NPS" declares a question without an id, so it carries this stack's mark: recorded, with the warning;
// - "Late explicit" declares every question's id, so nothing can carry the mark: the up fails saying this run's
//   POST created that survey and it could not be proven, with the ways out; it is left in PostHog, unrecorded.
// PostHog receives one POST per survey and no DELETE. What the CLI printed, the requests and the ids go to
// .tmp/late-survey-post/dynamic.txt (written before the assertions).
import fs from "node:fs";
import path from "node:path";
import { inCliStack, type CliRun } from "./program-folder";
import { requirePulumiCli } from "../support/pulumi-cli";
import { REPO_ROOT } from "../support/self-link";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const DELAY_MS = 6_000;
const TIMEOUT_MS = 2_000;
const MARKED = "Late NPS";
const EXPLICIT = "Late explicit";

const PROGRAM = [
  'const posthog = require("pulumi-posthog");',
  `new posthog.Survey("marked", { name: ${JSON.stringify(MARKED)}, type: "popover", questions: [{ type: "open", question: "Why?" }] });`,
  `new posthog.Survey("explicit", { name: ${JSON.stringify(EXPLICIT)}, type: "popover", questions: [{ type: "open", question: "Why?", id: "why" }] });`,
  "",
].join("\n");

interface Checkpoint {
  deployment: { resources: { type: string; id?: string }[] };
}

const outcome = (run: Promise<CliRun>) =>
  run.then(
    (done) => ({ ok: true, printed: `${done.stdout}\n${done.stderr}` }),
    (error: Error & { stdout?: string; stderr?: string }) => ({
      ok: false,
      printed: `${error.stdout ?? ""}\n${error.stderr ?? ""}`,
    }),
  );

describe("a survey POST answered after the client's timeout, through the real Pulumi CLI", () => {
  withCli(
    "dynamic providers: the late survey is taken only on the mark, with a warning; an unprovable one is named, not recorded",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      const files = {
        "Pulumi.yaml": "name: late-survey-post\nruntime: nodejs\nmain: index.js\n",
        "index.js": PROGRAM,
      };
      await inCliStack(
        pulumi,
        { files, config: { "posthog:requestTimeoutMs": String(TIMEOUT_MS) } },
        async (stack) => {
          await stack.control("POST", "/faults", {
            faults: [{ method: "POST", path: "/surveys/?$", times: 2, latencyMs: DELAY_MS }],
          });
          const up = await outcome(stack.cli("up", "--yes", "--skip-preview", "--continue-on-error"));
          await stack.control("DELETE", "/faults");
          const requests = await stack.requests();
          const { surveys } = await stack.control<{ surveys: { id: string; name: string }[] }>(
            "GET",
            "/state",
          );
          const state = JSON.parse((await stack.cli("stack", "export")).stdout) as Checkpoint;
          const recorded = state.deployment.resources
            .filter((r) => r.type.endsWith(":Survey"))
            .map((r) => String(r.id));
          const idOf = (name: string) => surveys.find((s) => s.name === name)?.id;
          const dir = path.join(REPO_ROOT, ".tmp", "late-survey-post");
          fs.mkdirSync(dir, { recursive: true });
          fs.writeFileSync(
            path.join(dir, "dynamic.txt"),
            [
              "$ pulumi up",
              up.printed.trim(),
              "",
              "POSTs and DELETEs PostHog received:",
              ...requests.filter((r) => r.method !== "GET").map((r) => `  ${r.method} ${r.path} ${r.status}`),
              "",
              `surveys in PostHog: ${JSON.stringify(surveys.map((s) => [s.name, s.id]))}`,
              `survey ids the stack holds: ${JSON.stringify(recorded)}`,
              "",
            ].join("\n"),
          );

          const writes = requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.status}`);
          expect(writes).toEqual(["POST 201", "POST 201"]);
          expect(surveys.map((s) => s.name).sort()).toEqual([EXPLICIT, MARKED].sort());
          expect(up.ok).toBe(false);
          const marked = idOf(MARKED);
          const explicit = idOf(EXPLICIT);
          expect(up.printed).toContain(
            `warning: Survey "${MARKED}": PostHog API POST /api/projects/${stack.projectId}/surveys/ got no answer (`,
          );
          expect(up.printed).toContain(
            `it was not sent again, and PostHog applied it late: recorded survey ${String(marked)} in project ${stack.projectId}`,
          );
          expect(up.printed).toContain(`this run's POST created survey ${String(explicit)} in project`);
          expect(up.printed).toContain("it could not be proven to be this resource's");
          expect(up.printed).toContain("every question declares an explicit id");
          expect(up.printed).toContain(`adopt: {id: "${String(explicit)}"}`);
          expect(up.printed).not.toContain("Nothing was written");
          expect(recorded).toEqual([marked]);

          // The way out the message gives: adopt the survey this run made; nothing is posted again.
          fs.writeFileSync(
            path.join(stack.dir, "index.js"),
            PROGRAM.replace(
              `questions: [{ type: "open", question: "Why?", id: "why" }] }`,
              `questions: [{ type: "open", question: "Why?", id: "why" }], adopt: { id: ${JSON.stringify(explicit)} } }`,
            ),
          );
          await stack.clearRequests();
          await stack.cli("up", "--yes", "--skip-preview");
          expect((await stack.requests()).filter((r) => r.method !== "GET")).toEqual([]);
          await stack.cli("preview", "--expect-no-changes");
          await stack.cli("destroy", "--yes", "--skip-preview");
        },
      );
    },
    900_000,
  );
});
