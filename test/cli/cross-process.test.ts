// Issue 55, item 3, through the real `pulumi` CLI (a YAML program on the installed plugin): what a step of the run
// decided in one provider process holds in every other. A resource moved from the default provider to an explicit
// `pulumi:providers:posthog-iac` is diffed and created in the explicit provider's process, and its old object's
// delete runs in the default provider's process (pulumi/pulumi pkg/resource/deploy/step.go, DeleteStep.Apply: the
// old state's provider), so a fact the diff decided reaches that delete only through the run's shared record
// (src/provider-kit/run-facts.ts).
// - Case 2: the survey and the invite moved to an explicit provider at another PostHog: the warning says the old
//   ones are left at the first PostHog, never deleted, and the first PostHog receives no DELETE.
// - Case 6: `deletionProtection: false`, a new `projectId` and a move to an explicit provider (the same PostHog) in
//   one change: the consent the diff saw holds at the old survey's delete, which goes on (DELETE 204), and the run
//   succeeds.
// Each step prints the CLI's words and the requests each PostHog received, for the closing note.
import path from "node:path";
import fs from "node:fs";
import YAML from "yaml";
import { startEmulator, type EmulatorHandle } from "posthog-emulator";
import { inInstalledProgram, yamlPluginStack, type CliRun, type InstalledProgram } from "./program-folder";
import { requirePulumiCli } from "../support/pulumi-cli";
import { emulatorCall } from "../support/fresh-connection";
import type { LoggedRequest } from "../support/stack";
import { PACKAGE_NAME, RESOURCE_TOKENS } from "../../src/plugin/tokens";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const PROJECT = "cross-process";
const SURVEY_NAME = "Cross-process NPS";
const EMAIL = "cross-process@example.com";
const QUESTIONS = [{ type: "open", question: "How likely are you to recommend us?" }];

const WRITES = new Set(["POST", "PATCH", "PUT", "DELETE"]);
const shown = (logged: LoggedRequest[]) => logged.map((r) => `${r.method} ${r.path} ${r.status}`).join("\n");
const writes = (logged: LoggedRequest[]) => logged.filter((r) => WRITES.has(r.method));

/** The CLI's lines about resources and warnings, without the progress noise. */
function words(run: CliRun | string): string {
  return (typeof run === "string" ? run : run.stdout)
    .split("\n")
    .filter((line) => /replace|create|update|delete|warning|error|left|holds|PostHog|Resources/i.test(line))
    .join("\n");
}

async function control<T>(
  emulator: EmulatorHandle,
  method: string,
  route: string,
  body?: unknown,
): Promise<T> {
  const res = await emulatorCall(emulator.url, emulator.apiKey, method, `/_emulator${route}`, body);
  if (res.status >= 400) throw new Error(`emulator control ${method} ${route}: ${res.status}`);
  return res.body as T;
}
const received = async (emulator: EmulatorHandle) =>
  (await control<{ requests: LoggedRequest[] }>(emulator, "GET", "/requests")).requests;
const clear = (emulator: EmulatorHandle) => control(emulator, "DELETE", "/requests");

/** Where the program's resources go: the default provider, or an explicit one at `at` (its project `project`). */
interface Placement {
  at?: EmulatorHandle;
  project?: number;
}

/** The program: a survey (optionally its own projectId and deletionProtection) and, optionally, an invite. */
function program(
  placement: Placement,
  survey: { projectId?: number; deletionProtection?: boolean; running?: boolean },
  invite: boolean,
): Record<string, unknown> {
  const { at } = placement;
  const options = at ? { options: { provider: "${moved}" } } : {};
  return {
    name: PROJECT,
    runtime: "yaml",
    config: { phKey: { type: "string", secret: true } },
    resources: {
      ...(at
        ? {
            moved: {
              type: `pulumi:providers:${PACKAGE_NAME}`,
              properties: {
                host: at.url,
                apiKey: "${phKey}",
                organizationId: at.organizationId,
                projectId: String(placement.project ?? at.projectId),
                checkKeyAndHost: true,
              },
            },
          }
        : {}),
      nps: {
        type: RESOURCE_TOKENS.Survey,
        properties: {
          name: SURVEY_NAME,
          type: "popover",
          ...(survey.projectId === undefined ? {} : { projectId: String(survey.projectId) }),
          ...(survey.deletionProtection === undefined
            ? {}
            : { deletionProtection: survey.deletionProtection }),
          // Launched: PostHog counts a survey's responses only once it has a start date (responses-held.ts).
          ...(survey.running ? { status: "running", questions: QUESTIONS } : {}),
        },
        ...options,
      },
      ...(invite
        ? {
            invite: {
              type: RESOURCE_TOKENS.Invite,
              properties: { targetEmail: EMAIL, sendEmail: false },
              ...options,
            },
          }
        : {}),
    },
    outputs: { surveyId: "${nps.id}" },
  };
}

/** Writes the program into Pulumi.yaml, keeping what `pulumi package add` wrote there (its packages entry). */
function write(dir: string, body: Record<string, unknown>): void {
  const file = path.join(dir, "Pulumi.yaml");
  const kept: Record<string, unknown> = YAML.parse(fs.readFileSync(file, "utf8"));
  fs.writeFileSync(file, YAML.stringify({ ...kept, ...body }, { aliasDuplicateObjects: false }));
}

/** The YAML program applied on the default provider (the stack's config at the program's emulator). */
async function onDefaultProvider(
  installed: InstalledProgram,
  survey: { projectId?: number; running?: boolean },
  invite: boolean,
): Promise<string> {
  await yamlPluginStack(installed, YAML.stringify(program({}, survey, invite)));
  await installed.cli("config", "set", "--secret", `${PROJECT}:phKey`, installed.emulator.apiKey);
  await installed.cli("up", "--yes", "--skip-preview");
  return (await installed.cli("stack", "output", "surveyId")).stdout.trim();
}

const outcome = (attempt: Promise<CliRun>): Promise<{ ok: boolean; text: string }> =>
  attempt.then(
    (done) => ({ ok: true, text: done.stdout }),
    (error: Error) => ({ ok: false, text: error.message }),
  );

describe("a step's decision holds in every provider process of the run, through the real Pulumi CLI", () => {
  withCli(
    "case 2: moved to an explicit provider at another PostHog, the objects left at the first one get no DELETE",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      await inInstalledProgram(pulumi, async (installed) => {
        const first = installed.emulator;
        const surveyBefore = await onDefaultProvider(installed, {}, true);
        const other = await startEmulator({ port: 0, apiKey: first.apiKey });
        try {
          write(installed.dir, program({ at: other }, {}, true));
          await clear(first);
          const preview = await installed.cli("preview");
          const up = await outcome(installed.cli("up", "--yes", "--skip-preview"));
          const [atFirst, atOther] = [await received(first), await received(other)];
          console.log(
            `case 2: the survey and invite moved from the default provider (${first.url}) to an explicit provider ` +
              `at ${other.url}\npreview:\n${words(preview)}\nup:\n${words(up.text)}\n` +
              `${first.url} received:\n${shown(atFirst)}\n${other.url} received:\n${shown(atOther)}`,
          );
          expect(preview.stdout).toContain(
            `survey ${surveyBefore} at ${first.url} is left as it is, never deleted, and this stack no longer manages it`,
          );
          // The warning's promise: nothing deleted at the first PostHog, in any process of the run.
          expect(atFirst.filter((r) => r.method === "DELETE")).toEqual([]);
          expect(writes(atFirst)).toEqual([]);
          expect(up.ok).toBe(true);
          expect(up.text).toContain(`${surveyBefore} is left at ${first.url}, not deleted`);
          expect(
            writes(atOther)
              .filter((r) => r.method === "POST")
              .map((r) => r.path)
              .sort(),
          ).toEqual([
            `/api/organizations/${other.organizationId}/invites/`,
            `/api/projects/${other.projectId}/surveys/`,
          ]);
          const kept = await control<{ surveys: { id: string }[]; invites: unknown[] }>(
            first,
            "GET",
            "/state",
          );
          expect(kept.surveys.map((s) => s.id)).toEqual([surveyBefore]);
          expect(kept.invites).toHaveLength(1);
          // Settled: the next preview plans nothing.
          const again = await installed.cli("preview", "--expect-no-changes");
          expect(again.stdout).toContain("unchanged");
        } finally {
          await other.close();
        }
      });
    },
    1_800_000,
  );

  withCli(
    "case 6: deletionProtection false, a new projectId and a move to an explicit provider: the consent holds at the delete",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      await inInstalledProgram(pulumi, async (installed) => {
        const { emulator } = installed;
        const P1 = emulator.projectId;
        const before = await onDefaultProvider(installed, { projectId: P1, running: true }, false);
        await control(emulator, "POST", `/surveys/${before}/responses`, { count: 5 });
        const P2 = (await control<{ id: number }>(emulator, "POST", "/projects", { name: "Second" })).id;
        write(
          installed.dir,
          program({ at: emulator }, { projectId: P2, deletionProtection: false, running: true }, false),
        );
        await clear(emulator);
        const preview = await installed.cli("preview");
        const up = await outcome(installed.cli("up", "--yes", "--skip-preview"));
        const logged = await received(emulator);
        console.log(
          `case 6: deletionProtection false, projectId ${P1} -> ${P2}, default provider -> explicit provider ` +
            `(same PostHog ${emulator.url}), survey ${before} holding 5 responses\npreview:\n${words(preview)}\n` +
            `up:\n${words(up.text)}\nPostHog received:\n${shown(logged)}`,
        );
        expect(up.text).not.toContain("has deletion protection");
        expect(up.ok).toBe(true);
        expect(writes(logged).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(
          expect.arrayContaining([
            `POST /api/projects/${P2}/surveys/ 201`,
            `DELETE /api/projects/${P1}/surveys/${before}/ 204`,
          ]),
        );
        // The consent spared the count: no request for the old survey's responses.
        expect(logged.filter((r) => r.path.endsWith("/responses_count/"))).toEqual([]);
        const again = await installed.cli("preview", "--expect-no-changes");
        expect(again.stdout).toContain("unchanged");
      });
    },
    1_800_000,
  );
});
