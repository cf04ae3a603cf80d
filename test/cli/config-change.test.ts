// Issue 50, item 1, through the real Pulumi CLI on both faces (a YAML program on the plugin, a JavaScript program
// on the dynamic providers): a change of the provider's settings never deletes through a replacement.
// - Case 1: the host respelled (`http://127.0.0.1:<port>` -> `http://localhost:<port>`, the same emulator): the
//   preview plans no replacement, and the `up` sends PostHog no write (no POST, PATCH or DELETE).
// - Case 2: the provider's projectId set to another project of the same PostHog, on a stack whose survey holds
//   responses: no DELETE, no new survey; the survey stays in its project with its responses, and the preview
//   says so (src/provider-kit/placement.ts).
// - Case 3: the host changed to another PostHog (a second emulator, the same key): the preview warns naming both
//   hosts, the `up` creates the survey and the invite at the new host, and the old host receives nothing: its
//   objects stay, never deleted. The plugin face learns the old host from DiffConfig; the dynamic face, which has
//   none, from the host each resource's state records (src/provider-kit/recorded-host.ts).
// Each step prints the CLI's words and the requests PostHog received, for the closing note.
import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";
import { PACKAGE_NAME, RESOURCE_TOKENS } from "../../src/plugin/tokens";
import { requirePulumiCli } from "../support/pulumi-cli";
import { emulatorCall } from "../support/fresh-connection";
import type { LoggedRequest } from "../support/stack";
import { startEmulator } from "posthog-emulator";
import { inCliStack, inInstalledProgram, yamlPluginStack, type CliRun } from "./program-folder";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const SURVEY_NAME = "Config change NPS";
const EMAIL = "config-change@example.com";

const WRITES = new Set(["POST", "PATCH", "PUT", "DELETE"]);
const shown = (logged: LoggedRequest[]) => logged.map((r) => `${r.method} ${r.path} ${r.status}`).join("\n");
const writes = (logged: LoggedRequest[]) => logged.filter((r) => WRITES.has(r.method));

/** The CLI's lines about resources and warnings, without the progress noise. */
function words(run: CliRun): string {
  return run.stdout
    .split("\n")
    .filter((line) => /replace|create|update|delete|warning|unchanged|stays|PostHog|Resources/i.test(line))
    .join("\n");
}

const YAML_PROGRAM = {
  name: "config-change",
  runtime: "yaml",
  resources: {
    nps: { type: RESOURCE_TOKENS.Survey, properties: { name: SURVEY_NAME, type: "popover" } },
    invite: { type: RESOURCE_TOKENS.Invite, properties: { targetEmail: EMAIL, sendEmail: false } },
  },
  outputs: { surveyId: "${nps.id}" },
};

const DYNAMIC_PROGRAM = [
  'const posthog = require("pulumi-posthog");',
  `const nps = new posthog.Survey("nps", { name: ${JSON.stringify(SURVEY_NAME)}, type: "popover" });`,
  `new posthog.Invite("invite", { targetEmail: ${JSON.stringify(EMAIL)}, sendEmail: false });`,
  "exports.surveyId = nps.id;",
  "",
].join("\n");

interface Face {
  /** The stack config key of a setting on this face. */
  key(setting: string): string;
  /** Declares `adopt: true` on the program's Invite and `adopt: {id}` on its Survey. */
  adoptBoth(survey: string): void;
  cli(...args: string[]): Promise<CliRun>;
  url: string;
  apiKey: string;
  requests(): Promise<LoggedRequest[]>;
  clearRequests(): Promise<void>;
  control<T>(method: string, route: string, body?: unknown): Promise<T>;
}

/** Each face's stack on a fresh emulator, with the program above applied. */
async function onFace(face: "yaml" | "dynamic", body: (stack: Face) => Promise<void>): Promise<void> {
  if (!pulumi) throw new Error("runs only with a pulumi CLI");
  if (face === "dynamic") {
    await inCliStack(
      pulumi,
      {
        files: {
          "Pulumi.yaml": "name: config-change\nruntime: nodejs\nmain: index.js\n",
          "index.js": DYNAMIC_PROGRAM,
        },
        // The key and host check on, as a user has it: it is what tells two spellings of one PostHog apart.
        config: { "posthog:checkKeyAndHost": "true" },
      },
      async (stack) => {
        await stack.cli("up", "--yes", "--skip-preview");
        const adoptBoth = (survey: string) => {
          const file = path.join(stack.dir, "index.js");
          const text = fs.readFileSync(file, "utf8");
          for (const from of ["sendEmail: false }", 'type: "popover" }']) expect(text).toContain(from);
          fs.writeFileSync(
            file,
            text
              .replace("sendEmail: false }", "sendEmail: false, adopt: true }")
              .replace('type: "popover" }', `type: "popover", adopt: { id: ${JSON.stringify(survey)} } }`),
          );
        };
        await body({ ...stack, key: (setting) => `posthog:${setting}`, adoptBoth });
      },
    );
    return;
  }
  await inInstalledProgram(pulumi, async (program) => {
    const { emulator } = program;
    const control = async <T>(method: string, route: string, payload?: unknown): Promise<T> => {
      const res = await emulatorCall(emulator.url, emulator.apiKey, method, `/_emulator${route}`, payload);
      if (res.status >= 400) throw new Error(`emulator control ${method} ${route}: ${res.status}`);
      return res.body as T;
    };
    await yamlPluginStack(program, YAML.stringify(YAML_PROGRAM));
    // Keep what `pulumi package add` wrote into Pulumi.yaml.
    const file = path.join(program.dir, "Pulumi.yaml");
    expect(fs.readFileSync(file, "utf8")).toContain("packages");
    await program.cli("up", "--yes", "--skip-preview");
    await body({
      key: (setting) => `${PACKAGE_NAME}:${setting}`,
      adoptBoth: (survey) => {
        const project = YAML.parse(fs.readFileSync(file, "utf8")) as {
          resources: Record<string, { properties: Record<string, unknown> }>;
        };
        project.resources.invite.properties.adopt = true;
        project.resources.nps.properties.adopt = { id: survey };
        fs.writeFileSync(file, YAML.stringify(project));
      },
      cli: program.cli,
      url: emulator.url,
      apiKey: emulator.apiKey,
      control,
      requests: async () => (await control<{ requests: LoggedRequest[] }>("GET", "/requests")).requests,
      clearRequests: async () => {
        await control("DELETE", "/requests");
      },
    });
  });
}

interface HeldSurvey {
  id: string;
  project: number;
}

async function surveyId(stack: Face): Promise<string> {
  return (await stack.cli("stack", "output", "surveyId")).stdout.trim();
}

describe.each(["yaml", "dynamic"] as const)(
  "a change of the provider's settings never deletes (%s face), through the real Pulumi CLI",
  (face) => {
    withCli(
      "case 1: the host respelled for the same PostHog plans no replacement and sends no write",
      async () => {
        await onFace(face, async (stack) => {
          const before = await surveyId(stack);
          const respelled = stack.url.replace("127.0.0.1", "localhost");
          expect(respelled).not.toBe(stack.url);
          await stack.cli("config", "set", stack.key("host"), respelled);

          await stack.clearRequests();
          const preview = await stack.cli("preview");
          const previewed = await stack.requests();
          await stack.clearRequests();
          const up = await stack.cli("up", "--yes", "--skip-preview");
          const applied = await stack.requests();
          console.log(
            `case 1 (${face}), host ${stack.url} -> ${respelled}\npreview:\n${words(preview)}\n` +
              `PostHog received at preview:\n${shown(previewed)}\nup:\n${words(up)}\n` +
              `PostHog received at up:\n${shown(applied)}`,
          );
          expect(preview.stdout).not.toMatch(/replace/);
          expect(up.stdout).not.toMatch(/replace/);
          expect(writes([...previewed, ...applied])).toEqual([]);
          // The fact that decided it: the survey found by its id at the new spelling (on the dynamic face, the
          // old host is the one its state records: src/provider-kit/recorded-host.ts).
          expect(shown(previewed)).toContain(`GET /api/projects/1/surveys/${before}/ 200`);
          expect(await surveyId(stack)).toBe(before);
          await stack.cli("destroy", "--yes", "--skip-preview");
        });
      },
      1_800_000,
    );

    withCli(
      "case 2: the provider's projectId changed on a survey with responses: no DELETE, the survey stays",
      async () => {
        await onFace(face, async (stack) => {
          const id = await surveyId(stack);
          const other = await stack.control<{ id: number }>("POST", "/projects", { name: "Second project" });
          await stack.control("POST", `/surveys/${id}/responses`, { count: 5 });
          await stack.cli("config", "set", stack.key("projectId"), String(other.id));

          await stack.clearRequests();
          const preview = await stack.cli("preview");
          const previewed = await stack.requests();
          await stack.clearRequests();
          const up = await stack.cli("up", "--yes", "--skip-preview");
          const applied = await stack.requests();
          console.log(
            `case 2 (${face}), projectId 1 -> ${other.id}, survey ${id} holding 5 responses\npreview:\n` +
              `${words(preview)}\nPostHog received at preview:\n${shown(previewed)}\nup:\n${words(up)}\n` +
              `PostHog received at up:\n${shown(applied)}`,
          );
          // The notice itself says "nothing is ... replaced": the plan is what must show no replacement.
          expect(preview.stdout).not.toMatch(/to replace|\+- /);
          expect(preview.stdout).toContain(`stays in project 1`);
          expect(writes([...previewed, ...applied])).toEqual([]);
          const state = await stack.control<{ surveys: HeldSurvey[]; responses: Record<string, number> }>(
            "GET",
            "/state",
          );
          expect(state.surveys.map((s) => s.id)).toEqual([id]);
          expect(state.responses[id]).toBe(5);
          expect(await surveyId(stack)).toBe(id);
        });
      },
      1_800_000,
    );
  },
);

describe.each(["yaml", "dynamic"] as const)(
  "a host changed to another PostHog (%s face), through the real Pulumi CLI",
  (face) => {
    withCli(
      "case 3: warned at preview naming both hosts; created at the new host; nothing sent to the old one",
      async () => {
        await onFace(face, async (stack) => {
          const before = await surveyId(stack);
          const organizationBefore = (
            await stack.cli("config", "get", stack.key("organizationId"))
          ).stdout.trim();
          const other = await startEmulator({ port: 0, apiKey: stack.apiKey });
          try {
            const otherLog = async () =>
              (
                (await emulatorCall(other.url, other.apiKey, "GET", "/_emulator/requests")).body as {
                  requests: LoggedRequest[];
                }
              ).requests;
            // Another PostHog: its own organization, so the config names it as a user moving there would.
            await stack.cli("config", "set", stack.key("host"), other.url);
            await stack.cli("config", "set", stack.key("organizationId"), other.organizationId);

            await stack.clearRequests();
            const preview = await stack.cli("preview");
            const up = await stack.cli("up", "--yes", "--skip-preview");
            const atOld = await stack.requests();
            const atNew = await otherLog();
            console.log(
              `case 3 (${face}), host ${stack.url} -> ${other.url} (another PostHog)\npreview:\n${words(preview)}\n` +
                `up:\n${words(up)}\nthe old host received:\n${shown(atOld)}\nthe new host received:\n${shown(atNew)}`,
            );
            expect(preview.stdout).toContain(`changed from ${stack.url} to ${other.url}, another PostHog`);
            expect(preview.stdout).not.toContain("stays in organization");
            expect(atOld).toEqual([]);
            expect(
              atNew
                .filter((r) => r.method === "POST")
                .map((r) => r.path)
                .sort(),
            ).toEqual([`/api/organizations/${other.organizationId}/invites/`, "/api/projects/1/surveys/"]);
            expect(up.stdout).toContain(`is left at ${stack.url}, not deleted`);
            const kept = await stack.control<{ surveys: HeldSurvey[] }>("GET", "/state");
            expect(kept.surveys.map((s) => s.id)).toEqual([before]);
            expect(await surveyId(stack)).not.toBe(before);

            // The way back the warnings give (issue 55, case 10): the host set back, the invite declared with
            // adopt: true and the survey with adopt: {id}. Both are taken over, with no second invitation and no new
            // survey; the objects at the other host are left there, never deleted.
            const flat = (text: string) => text.replace(/\s+/g, " ");
            expect(flat(up.stdout)).toContain(
              `To keep managing it, set ${stack.key("host")} back to ${stack.url} and declare adopt: true on this ` +
                "resource: the up then takes invite",
            );
            expect(flat(up.stdout)).toContain(
              `To keep managing it, set ${stack.key("host")} back to ${stack.url} and declare adopt: {id: ` +
                `"${before}"} on this resource: the up then takes survey ${before} over instead of creating another.`,
            );
            await stack.cli("config", "set", stack.key("host"), stack.url);
            await stack.cli("config", "set", stack.key("organizationId"), organizationBefore);
            stack.adoptBoth(before);
            await stack.clearRequests();
            await emulatorCall(other.url, other.apiKey, "DELETE", "/_emulator/requests");
            const back = await stack.cli("up", "--yes", "--skip-preview");
            const backAtOld = await stack.requests();
            const backAtNew = await otherLog();
            console.log(
              `case 3 (${face}), set back to ${stack.url} with adopt: true on the invite:\n${words(back)}\n` +
                `the old host received:\n${shown(backAtOld)}\nthe other host received:\n${shown(backAtNew)}`,
            );
            expect(backAtOld.filter((r) => r.method === "POST" && /\/invites\//.test(r.path))).toEqual([]);
            expect(
              writes(backAtOld)
                .filter((r) => r.status < 400)
                .map((r) => r.method),
            ).toEqual([]);
            expect(writes(backAtNew)).toEqual([]);
            expect(await surveyId(stack)).toBe(before);
            await stack.cli("preview", "--expect-no-changes");
          } finally {
            await other.close();
          }
        });
      },
      1_800_000,
    );
  },
);
