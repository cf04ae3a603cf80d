// Interrupted runs through the real `pulumi` CLI (docs/contributing/interrupted-runs.md): `pulumi up` is killed
// (SIGKILL to the CLI's process tree, as a cancelled CI job is) right after PostHog applied a survey POST, and
// again after an invite POST. PostHog applies the POST and never answers it (the emulator's commitThenDrop
// fault), so the kill lands while the engine holds the create as a pending operation. Then `pulumi up` again:
// the survey exists once, the person got one invitation, and the CLI says what the doc says it does. Then
// `pulumi refresh --clear-pending-creates` leaves a checkpoint with no pending operation and a clean preview.
import fs from "node:fs";
import path from "node:path";
import { inCliStack, waitFor, type CliStack } from "./program-folder";
import { requirePulumiCli } from "../support/pulumi-cli";
import { REPO_ROOT } from "../support/self-link";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const SURVEY_NAME = "Interrupted by a cancelled job";
const EMAIL = "interrupted@example.com";

const FILES = {
  "Pulumi.yaml": "name: interrupted-cli\nruntime: nodejs\nmain: index.js\n",
  "index.js": [
    'const posthog = require("pulumi-posthog");',
    `const survey = new posthog.Survey("feedback", { name: ${JSON.stringify(SURVEY_NAME)}, type: "popover",`,
    '  questions: [{ type: "open", question: "Anything else?" }] });',
    `const invite = new posthog.Invite("newcomer", { targetEmail: ${JSON.stringify(EMAIL)}, level: "member" });`,
    "exports.surveyId = survey.surveyId;",
    "exports.inviteId = invite.inviteId;",
    "",
  ].join("\n"),
};

/** Transcripts for the report and the doc (not committed). */
const TRANSCRIPTS = path.join(REPO_ROOT, ".tmp", "interrupted-runs");

interface Scenario {
  what: string;
  /** The POST the fault applies and never answers. */
  path: string;
  /** What `up` again says it took over. */
  tookOver: RegExp;
}

const SCENARIOS: Scenario[] = [
  {
    what: "survey",
    path: "^/api/projects/\\d+/surveys/?$",
    tookOver: /took over survey [0-9a-f-]{36} in project \d+, which an earlier run created/,
  },
  {
    what: "invite",
    path: "^/api/organizations/[^/]+/invites/?$",
    tookOver: /took over pending invite [0-9a-f-]{36}, which an earlier run sent with the same terms/,
  },
];

interface Dump {
  surveys: { name: string }[];
  invites: { target_email: string }[];
}

const invitePosts = async (stack: CliStack) =>
  (await stack.requests()).filter(
    (r) =>
      r.method === "POST" &&
      /\/invites\/?$/.test(r.path) &&
      (r.body as { target_email?: string } | null)?.target_email === EMAIL,
  ).length;

interface Checkpoint {
  deployment: {
    pending_operations?: { type: string; resource: { urn: string } }[];
    resources: { urn: string }[];
  };
}

describe("interrupted runs through the real Pulumi CLI", () => {
  for (const scenario of SCENARIOS) {
    withCli(
      `up killed right after PostHog applied the ${scenario.what} POST; up again takes it over; refresh --clear-pending-creates`,
      async () => {
        if (!pulumi) throw new Error("runs only with a pulumi CLI");
        await inCliStack(pulumi, { files: FILES }, async (stack) => {
          const transcript: string[] = [];
          const keep = (title: string, text: string) => transcript.push(`$ ${title}\n${text.trim()}\n`);

          // The survey client retries a POST whose connection dropped, and its retry's name clash is taken over
          // at once, inside the same run: hold every later request (2 minutes) so the kill lands while the
          // create is still pending, as it does for an invite (whose client never retries a POST).
          const hold = scenario.what === "survey" ? [{ path: "^/api/", latencyMs: 120_000 }] : [];
          await stack.control("POST", "/faults", {
            faults: [{ method: "POST", path: scenario.path, times: 1, commitThenDrop: true }, ...hold],
          });
          const run = stack.spawnCli("up", "--yes", "--skip-preview");
          const target = new RegExp(scenario.path);
          // PostHog applied the POST: it is in the request log and its object in PostHog's state.
          await waitFor(`the ${scenario.what} POST`, async () => {
            const applied = (await stack.requests()).some((r) => r.method === "POST" && target.test(r.path));
            if (!applied) return undefined;
            const state = await stack.control<Dump>("GET", "/state");
            const made = scenario.what === "survey" ? state.surveys.length : state.invites.length;
            return made > 0 ? true : undefined;
          });
          run.kill();
          expect(await run.exited).toBeNull(); // killed by the signal, not finished
          keep("pulumi up --yes --skip-preview   # SIGKILL after the POST", run.output());
          await stack.control("DELETE", "/faults");

          const killed = JSON.parse((await stack.cli("stack", "export")).stdout) as Checkpoint;
          const pendingBefore = (killed.deployment.pending_operations ?? []).map(
            (op) => `${op.type} ${op.resource.urn}`,
          );
          keep(
            "pulumi stack export   # pending operations after the kill",
            pendingBefore.join("\n") || "(none)",
          );

          // The killed run's lock stays (the local backend's lock file, as Pulumi Cloud's update stays in
          // progress): the next `up` refuses until `pulumi cancel` removes it.
          const locked = await stack.cli("up", "--yes", "--skip-preview").then(
            () => "",
            (e: Error) => e.message,
          );
          expect(locked).toContain("the stack is currently locked by 1 lock(s)");
          expect(locked).toContain("pulumi cancel");
          keep("pulumi up --yes --skip-preview   # refused", locked.split("\n").slice(1, 3).join("\n"));
          const cancel = await stack.cli("cancel", "--yes");
          keep("pulumi cancel --yes", cancel.stdout + cancel.stderr);

          const again = await stack.cli("up", "--yes", "--skip-preview");
          const said = again.stdout + again.stderr;
          keep("pulumi up --yes --skip-preview", said);
          // The engine warns about each pending operation the checkpoint holds
          // (deployment_executor.go, printPendingOperationsWarning); then this provider's take-over warning.
          for (const pending of killed.deployment.pending_operations ?? []) {
            expect(said).toContain(`${pending.resource.urn}, interrupted while ${pending.type}`);
          }
          if (pendingBefore.length > 0) expect(said).toMatch(/pending operations? from previous deployment/);
          expect(said).toMatch(scenario.tookOver);

          const state = await stack.control<Dump>("GET", "/state");
          expect(state.surveys.filter((s) => s.name === SURVEY_NAME)).toHaveLength(1);
          expect(state.invites.filter((i) => i.target_email === EMAIL)).toHaveLength(1);
          // The request log spans both runs: the person was invited (and emailed) once.
          expect(await invitePosts(stack)).toBe(1);

          const refresh = await stack.cli("refresh", "--clear-pending-creates", "--yes", "--skip-preview");
          keep(
            "pulumi refresh --clear-pending-creates --yes --skip-preview",
            refresh.stdout + refresh.stderr,
          );
          const after = JSON.parse((await stack.cli("stack", "export")).stdout) as Checkpoint;
          expect(after.deployment.pending_operations ?? []).toEqual([]);
          const noop = await stack.cli("preview", "--expect-no-changes");
          expect(noop.stdout + noop.stderr).not.toContain("pending operations");
          await stack.cli("destroy", "--yes", "--skip-preview");
          const empty = await stack.control<Dump>("GET", "/state");
          expect([empty.surveys, empty.invites]).toEqual([[], []]);
          expect(await invitePosts(stack)).toBe(1);

          fs.mkdirSync(TRANSCRIPTS, { recursive: true });
          fs.writeFileSync(path.join(TRANSCRIPTS, `${scenario.what}.txt`), transcript.join("\n"));
        });
      },
      1_800_000,
    );
  }
});
