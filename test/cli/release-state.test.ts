// The state ABI through the real `pulumi` CLI: the checkpoint the released package (0.1.0,
// test/fixtures/state/release-0.1.0) wrote is loaded with `pulumi stack import`, PostHog starts from what that
// release left (ids and clock), and today's package, installed into the program's folder, refreshes it, updates
// one field and destroys it. The state's `__provider` lines are the release's
// (`require("pulumi-posthog/dist/resources/<x>/shim.js")`): the CLI's dynamic-provider plugin loads them from the
// installed package, so a moved shim fails here the way a user's stack would.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BATCH, EDITED_DESCRIPTION, INVITE, NAMES, SURVEY } from "../fixtures/state/declared";
import { FIXTURE_DIR, FIXTURE_FILES, readEngineState, readMeta } from "../fixtures/state/fixture";
import { requirePulumiCli } from "../support/pulumi-cli";
import { inCliStack, type CliStack } from "./program-folder";
import { REPO_ROOT } from "../support/self-link";
import { startEmulator } from "posthog-emulator";
import { emulatorCall } from "../support/fresh-connection";
import type { LoggedRequest } from "../support/stack";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const PROJECT = "release-state";
const STACK_URN = `urn:pulumi:dev::${PROJECT}::pulumi:pulumi:Stack::${PROJECT}-dev`;
const PROVIDER_URN = `urn:pulumi:dev::${PROJECT}::pulumi:providers:pulumi-nodejs::default`;
const PROVIDER_ID = "0f5b1c2e-7a1d-4c39-9d0e-release010";

/** The same declarations as the fixture's program, the survey's description from config (the edit). */
const PROGRAM = [
  'const pulumi = require("@pulumi/pulumi");',
  'const posthog = require("pulumi-posthog");',
  "const config = new pulumi.Config();",
  `const survey = ${JSON.stringify(SURVEY)};`,
  `new posthog.Survey(${JSON.stringify(NAMES.survey)}, { ...survey, description: config.get("description") ?? survey.description });`,
  `new posthog.Invite(${JSON.stringify(NAMES.invite)}, ${JSON.stringify(INVITE)});`,
  `new posthog.InviteBatch(${JSON.stringify(NAMES.batch)}, ${JSON.stringify(BATCH)});`,
  "",
].join("\n");

interface Deployment {
  version: number;
  deployment: { resources?: Record<string, unknown>[]; [key: string]: unknown };
}

interface Exported {
  deployment: { resources: { urn: string; type: string; inputs?: { __provider?: string } }[] };
}

/** A secret in a deployment file, in the clear (as `stack export --show-secrets` writes it); import encrypts it. */
const plaintextSecret = (value: string) => ({
  "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
  plaintext: JSON.stringify(value),
});

/**
 * The fixture's resources as a Pulumi checkpoint: this project's URNs, under the stack and the default
 * `pulumi-nodejs` provider. The real engine stores the whole stack config as that provider's inputs and outputs
 * (the API key encrypted), and configures the provider from them where no program runs (refresh, destroy): so
 * does the release's stack, with the config it was deployed with.
 */
function releaseResources(config: Record<string, string>): Record<string, unknown>[] {
  const providerConfig = Object.fromEntries(
    Object.entries(config).map(([k, v]) => [k, k === "posthog:apiKey" ? plaintextSecret(v) : v]),
  );
  return [
    { urn: STACK_URN, custom: false, type: "pulumi:pulumi:Stack" },
    {
      urn: PROVIDER_URN,
      custom: true,
      id: PROVIDER_ID,
      type: "pulumi:providers:pulumi-nodejs",
      parent: STACK_URN,
      inputs: providerConfig,
      outputs: providerConfig,
    },
    ...readEngineState().map((r) => ({
      urn: `urn:pulumi:dev::${PROJECT}::${r.type}::${r.name}`,
      custom: true,
      id: r.id,
      type: r.type,
      inputs: r.inputs,
      outputs: r.outputs,
      parent: STACK_URN,
      provider: `${PROVIDER_URN}::${PROVIDER_ID}`,
    })),
  ];
}

const sorted = (rows: string[]) => [...rows].sort();

/** The release's checkpoint, loaded into the folder's stack with `pulumi stack import` (written under `work`). */
async function importRelease(stack: CliStack, work: string): Promise<void> {
  const exported = JSON.parse((await stack.cli("stack", "export")).stdout) as Deployment;
  const imported: Deployment = {
    ...exported,
    deployment: { ...exported.deployment, resources: releaseResources(stack.config) },
  };
  const file = path.join(work, "release-0.1.0.json");
  fs.writeFileSync(file, JSON.stringify(imported, null, 2));
  await stack.cli("stack", "import", "--file", file);
}

/** A folder whose stack holds the release's checkpoint, PostHog as the release left it; both removed afterwards. */
async function inReleaseStack(body: (stack: CliStack) => Promise<void>): Promise<void> {
  if (!pulumi) throw new Error("runs only with a pulumi CLI");
  const meta = readMeta();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "release-state-cli-"));
  const posthogState = path.join(work, FIXTURE_FILES.posthog);
  fs.copyFileSync(path.join(FIXTURE_DIR, FIXTURE_FILES.posthog), posthogState);
  try {
    await inCliStack(
      pulumi,
      {
        files: {
          "Pulumi.yaml": `name: ${PROJECT}\nruntime: nodejs\nmain: index.js\n`,
          "index.js": PROGRAM,
        },
        emulator: { statePath: posthogState, now: meta.emulatorNow },
      },
      async (stack) => {
        await importRelease(stack, work);
        await body(stack);
      },
    );
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

describe("a state written by the released package, through the real Pulumi CLI", () => {
  withCli(
    "stack import, then refresh, a no-op preview, an update and destroy with today's package",
    async () => {
      await inReleaseStack(async (stack) => {
        const fixture = readEngineState();
        const byName = new Map(fixture.map((r) => [r.name, r]));
        const organization = `/api/organizations/${String(byName.get(NAMES.invite)?.outputs.organizationId)}`;
        const survey = byName.get(NAMES.survey);
        const surveyPath = `/api/projects/${String(survey?.outputs.projectId)}/surveys/${survey?.id}/`;
        const seen = async () =>
          sorted((await stack.requests()).map((r) => `${r.method} ${r.path} ${JSON.stringify(r.body)}`));

        await stack.clearRequests();
        await stack.cli("refresh", "--yes", "--skip-preview");
        // One read per object; the invite and the batch share one listing of the organization's invites.
        expect(await seen()).toEqual(sorted([`GET ${organization}/invites/ null`, `GET ${surveyPath} null`]));

        // The one thing the upgrade adds: the stack's mark (src/resources/stack-mark/), created by the next up
        // with no request to PostHog. No survey, invite or batch shows a change (a survey's new `__stackMark`
        // input is never compared).
        await stack.clearRequests();
        const preview = (await stack.cli("preview", "--diff")).stdout;
        expect(preview).toMatch(/\+ pulumi-nodejs:dynamic\/posthog:StackMark: \(create\)/);
        expect(preview).toMatch(/\+ 1 to create/);
        expect(preview).not.toMatch(/to update|to replace|to delete/);
        expect(await seen()).toEqual([]);
        fs.mkdirSync(path.join(REPO_ROOT, ".tmp"), { recursive: true });
        fs.writeFileSync(path.join(REPO_ROOT, ".tmp", "release-state-preview.txt"), preview);

        await stack.setConfig({ [`${PROJECT}:description`]: EDITED_DESCRIPTION });
        await stack.clearRequests();
        const up = await stack.cli("up", "--yes", "--skip-preview");
        expect(up.stdout).toMatch(/~ 1 updated/);
        expect(up.stdout).toMatch(/\+ 1 created/);
        expect(await seen()).toEqual([
          `PATCH ${surveyPath} ${JSON.stringify({ description: EDITED_DESCRIPTION })}`,
        ]);
        await stack.clearRequests();
        await stack.cli("preview", "--expect-no-changes");
        expect(await seen()).toEqual([]);
        // Today's package writes the release's very `__provider` lines.
        const after = JSON.parse((await stack.cli("stack", "export")).stdout) as Exported;
        for (const r of fixture) {
          const now = after.deployment.resources.find((x) => x.urn.endsWith(`::${r.name}`));
          expect([r.name, now?.inputs?.__provider]).toEqual([r.name, r.inputs.__provider]);
        }

        await stack.clearRequests();
        await stack.cli("destroy", "--yes", "--skip-preview");
        const deletes = (await seen()).filter((r) => r.startsWith("DELETE "));
        expect(deletes).toHaveLength(4); // the survey, the invite, the batch's two people
        expect(deletes).toContain(`DELETE ${surveyPath} null`);
        const left = await stack.control<{ surveys: unknown[]; invites: unknown[] }>("GET", "/state");
        expect([left.surveys, left.invites]).toEqual([[], []]);
      });
    },
    1_800_000,
  );

  // Issue 55, case 12: the release recorded no creation time for a batch's invitations. A person who accepts after
  // the release's last run is kept by the first refresh (that gap is no proof against them), and the next up sends
  // them no invitation.
  withCli(
    "a batch entry accepted after the release's last run is kept by refresh, and up invites no member",
    async () => {
      await inReleaseStack(async (stack) => {
        const batch = readEngineState().find((r) => r.name === NAMES.batch);
        const organizationId = String(batch?.outputs.organizationId);
        const held = (batch?.outputs.invitations ?? {}) as Record<string, { inviteId: string }>;
        const grace = held["grace@example.com"];
        expect(grace).toBeDefined();
        // Grace accepts the release's invitation after its last run.
        await stack.control("POST", `/invites/${grace.inviteId}/accept`);
        await stack.clearRequests();
        const refresh = await stack.cli("refresh", "--yes", "--skip-preview");
        const printed = `${refresh.stdout}\n${refresh.stderr}`;
        fs.mkdirSync(path.join(REPO_ROOT, ".tmp"), { recursive: true });
        fs.writeFileSync(path.join(REPO_ROOT, ".tmp", "release-state-accepted-refresh.txt"), printed);
        await stack.clearRequests();
        const up = await stack.cli("up", "--yes", "--skip-preview");
        fs.writeFileSync(path.join(REPO_ROOT, ".tmp", "release-state-accepted-up.txt"), up.stdout);
        const writes = (await stack.requests()).filter((r) => r.method !== "GET");
        expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual([]);
        // What the refresh said and kept, after what PostHog received (the old code fails on the POST first).
        expect(printed).toContain(
          `InviteBatch ${String(batch?.id)}: PostHog has no invite ${grace.inviteId} for grace@example.com any more ` +
            `and grace@example.com is a member of organization ${organizationId}; the state (from an earlier ` +
            "version) has no creation time for that invite, so refresh keeps them as accepted (the next `pulumi up` " +
            "sends them nothing). No invite of this batch is proven to have brought them in, so removeMemberOnDelete " +
            "never removes them.",
        );
        expect(printed).not.toContain("another invitation brought them in");
        const refreshed = JSON.parse((await stack.cli("stack", "export")).stdout) as {
          deployment: { resources: { urn: string; outputs?: { invitations?: Record<string, unknown> } }[] };
        };
        const kept = refreshed.deployment.resources.find((r) => r.urn.endsWith(`::${NAMES.batch}`));
        expect(kept?.outputs?.invitations?.["grace@example.com"]).toMatchObject({ status: "accepted" });
        await stack.clearRequests();
        await stack.cli("preview", "--expect-no-changes");
        expect(await stack.requests()).toEqual([]);
      });
    },
    1_800_000,
  );

  // Issue 55, item 9 (c): the release recorded no host (`__host`, src/provider-kit/recorded-host.ts). After the
  // stack's config moves to another PostHog, its refresh must not drop what the new one lacks as "deleted in
  // PostHog": nothing says where it lived, so it is kept as it is, and no PostHog receives a write. The refresh
  // runs the program, so the provider has the config the user set (a bare refresh configures it from the state).
  withCli(
    "after a move to another PostHog, refresh keeps what a state with no recorded host holds, never deleted",
    async () => {
      await inReleaseStack(async (stack) => {
        const survey = readEngineState().find((r) => r.name === NAMES.survey);
        const other = await startEmulator({ port: 0, apiKey: stack.apiKey });
        try {
          await stack.cli("config", "set", "posthog:host", other.url);
          await stack.clearRequests();
          const refresh = await stack.cli("refresh", "--run-program", "--yes", "--skip-preview").then(
            (done) => `${done.stdout}\n${done.stderr}`,
            (error: Error) => error.message,
          );
          const atNew = (
            (await emulatorCall(other.url, stack.apiKey, "GET", "/_emulator/requests")).body as {
              requests: LoggedRequest[];
            }
          ).requests;
          const atOld = await stack.requests();
          const shown = (logged: LoggedRequest[]) => logged.map((r) => `${r.method} ${r.path} ${r.status}`);
          fs.mkdirSync(path.join(REPO_ROOT, ".tmp"), { recursive: true });
          fs.writeFileSync(
            path.join(REPO_ROOT, ".tmp", "release-state-moved-refresh.txt"),
            `${refresh}\n${stack.url} received:\n${shown(atOld).join("\n")}\n${other.url} received:\n` +
              shown(atNew).join("\n"),
          );
          // What PostHog received: no write at either, nothing at all at the host the state was applied on.
          expect(shown(atOld)).toEqual([]);
          expect(atNew.filter((r) => r.method !== "GET")).toEqual([]);
          // What the refresh said and kept.
          expect(refresh).not.toContain("deleted in PostHog");
          expect(refresh).toContain(
            `${other.url} has no survey ${String(survey?.id)}, and this stack's state, written by an earlier ` +
              "version, does not record which PostHog it lives at, so it is not known to be deleted: refresh " +
              "keeps it in the state as it is and sends it nothing.",
          );
          const after = JSON.parse((await stack.cli("stack", "export")).stdout) as Exported;
          const kept = after.deployment.resources.filter((r) => r.urn.endsWith(`::${NAMES.survey}`));
          expect(kept).toHaveLength(1);
        } finally {
          await other.close();
        }
      });
    },
    1_800_000,
  );
});
