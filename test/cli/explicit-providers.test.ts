// Issue 43, case 4 on the plugin face with explicit providers, through the real `pulumi` CLI: the engine starts a
// plugin process for each provider resource, so two explicit providers of one organization are two processes. One
// address declared by an Invite under each must still get one POST in the run: the run's record of invited
// addresses reaches across the run's provider processes (src/provider-kit/run-record.ts), and the second resource
// fails naming both, having sent nothing (PostHog holds each invite POST a while, so neither process's listing
// can show the other's invite). The next `up` of the same program (a new run, new processes) refuses
// the pending invite as any create does, and a program with one of the two fixed previews and applies cleanly.
import path from "node:path";
import fs from "node:fs";
import YAML from "yaml";
import { startEmulator, type EmulatorHandle } from "posthog-emulator";
import { openProgramFolder, PLUGIN_FOLDER, type CliRun, type ProgramFolder } from "./program-folder";
import { requirePulumiCli } from "../support/pulumi-cli";
import { emulatorCall } from "../support/fresh-connection";
import type { LoggedRequest } from "../support/stack";
import { PACKAGE_NAME, RESOURCE_TOKENS } from "../../src/plugin/tokens";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const EMAIL = "shared@example.com";

/** Two explicit providers of one organization (each its own project), an Invite for one address under each. */
function program(emulator: EmulatorHandle, invites: ("first" | "second")[]) {
  const provider = {
    type: `pulumi:providers:${PACKAGE_NAME}`,
    properties: {
      host: emulator.url,
      apiKey: "${phKey}",
      organizationId: emulator.organizationId,
      projectId: String(emulator.projectId),
      checkKeyAndHost: false,
    },
  };
  const invite = (by: string) => ({
    type: RESOURCE_TOKENS.Invite,
    properties: { targetEmail: EMAIL, sendEmail: false, firstName: by },
    options: { provider: `\${${by}Provider}` },
  });
  return {
    name: "explicit-providers",
    runtime: "yaml",
    config: { phKey: { type: "string", secret: true } },
    resources: {
      firstProvider: provider,
      secondProvider: provider,
      ...Object.fromEntries(invites.map((by) => [by, invite(by)])),
    },
  };
}

const failureOf = (attempt: Promise<CliRun>) =>
  attempt.then(
    (done) => {
      throw new Error(`expected the run to fail; it printed:\n${done.stdout}`);
    },
    (error: Error) => error.message,
  );

async function requests(emulator: EmulatorHandle): Promise<LoggedRequest[]> {
  const res = await emulatorCall(emulator.url, emulator.apiKey, "GET", "/_emulator/requests");
  return (res.body as { requests: LoggedRequest[] }).requests;
}
const invitationPosts = (logged: LoggedRequest[]) =>
  logged.filter((r) => r.method === "POST" && /\/invites\/$/.test(r.path)).length;

describe("one address under two explicit providers of one organization, through the real Pulumi CLI", () => {
  withCli(
    "one POST in the run; the other Invite fails naming both, having sent nothing",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      const folder: ProgramFolder = openProgramFolder(pulumi);
      const emulator = await startEmulator({ port: 0 });
      const file = path.join(folder.dir, "Pulumi.yaml");
      // The program's resources, keeping what `pulumi package add` wrote into Pulumi.yaml (its packages entry).
      const write = (invites: ("first" | "second")[]) => {
        const kept: Record<string, unknown> = fs.existsSync(file)
          ? YAML.parse(fs.readFileSync(file, "utf8"))
          : {};
        const written = { ...kept, ...program(emulator, invites) };
        fs.writeFileSync(file, YAML.stringify(written, { aliasDuplicateObjects: false }));
      };
      try {
        write(["first", "second"]);
        await folder.cli("package", "add", path.join(folder.dir, PLUGIN_FOLDER));
        await folder.newStack("dev", { "explicit-providers:phKey": { secret: emulator.apiKey } });

        // Each POST of an invite is held 3 s before PostHog applies it, so both providers' processes have read the
        // organization's invites (none pending) before either POST lands: only the run's record can tell them.
        await emulatorCall(emulator.url, emulator.apiKey, "POST", "/_emulator/faults", {
          faults: [{ method: "POST", path: "/invites/$", latencyMs: 3000 }],
        });
        const failed = await failureOf(folder.cli("up", "--yes", "--skip-preview"));
        await emulatorCall(emulator.url, emulator.apiKey, "DELETE", "/_emulator/faults");
        const logged = await requests(emulator);
        console.log(
          `up with one address under two providers:\n${failed}\nPostHog received:\n` +
            logged.map((r) => `${r.method} ${r.path} ${r.status}`).join("\n"),
        );
        expect(invitationPosts(logged)).toBe(1);
        const [posted] = logged.filter((r) => r.method === "POST");
        const sentFor = (posted.body as { first_name: string }).first_name === "first" ? "first" : "second";
        const other = sentFor === "first" ? "second" : "first";
        expect(failed).toContain(
          `Invite "${other}" cannot invite an address that another resource of this run already invites to ` +
            `organization ${emulator.organizationId}: ${EMAIL} (by Invite "${sentFor}"). Nothing was sent for Invite "${other}"`,
        );
        const pending = await emulatorCall(
          emulator.url,
          emulator.apiKey,
          "GET",
          `/api/organizations/${emulator.organizationId}/invites/`,
        );
        expect((pending.body as { results: { target_email: string }[] }).results).toHaveLength(1);

        // The program fixed: the resource that got the address stays, the other goes; nothing more is sent.
        write([sentFor]);
        const fixed = await folder.cli("up", "--yes", "--skip-preview");
        expect(invitationPosts(await requests(emulator))).toBe(1);
        const preview = await folder.cli("preview", "--expect-no-changes");
        expect(preview.stdout).toContain("unchanged");
        console.log(`after the fix:\n${fixed.stdout}`);
        await folder.cli("destroy", "--yes", "--skip-preview");
      } finally {
        await emulator.close();
        folder.cleanup();
      }
    },
    1_200_000,
  );

  withCli(
    "a changed projectId of an explicit provider: the survey stays, and the notice names the provider's input",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      const folder: ProgramFolder = openProgramFolder(pulumi);
      const emulator = await startEmulator({ port: 0 });
      const file = path.join(folder.dir, "Pulumi.yaml");
      const write = (projectId: string) => {
        const kept: Record<string, unknown> = fs.existsSync(file)
          ? YAML.parse(fs.readFileSync(file, "utf8"))
          : {};
        const base = program(emulator, []);
        const written = {
          ...kept,
          ...base,
          resources: {
            prod: {
              ...base.resources.firstProvider,
              properties: { ...base.resources.firstProvider.properties, projectId },
            },
            nps: {
              type: RESOURCE_TOKENS.Survey,
              properties: {
                name: "Explicit NPS",
                type: "popover",
                questions: [{ type: "open", question: "Why?" }],
              },
              options: { provider: "${prod}" },
            },
          },
        };
        fs.writeFileSync(file, YAML.stringify(written, { aliasDuplicateObjects: false }));
      };
      try {
        const second = await emulatorCall(emulator.url, emulator.apiKey, "POST", "/_emulator/projects", {
          name: "Second",
        });
        const p2 = String((second.body as { id: number }).id);
        write(String(emulator.projectId));
        await folder.cli("package", "add", path.join(folder.dir, PLUGIN_FOLDER));
        await folder.newStack("dev", { "explicit-providers:phKey": { secret: emulator.apiKey } });
        await folder.cli("up", "--yes", "--skip-preview");
        await emulatorCall(emulator.url, emulator.apiKey, "DELETE", "/_emulator/requests");

        write(p2);
        const up = await folder.cli("up", "--yes", "--skip-preview");
        const said = `${up.stdout}\n${up.stderr}`.replace(/\s+/g, " ");
        const writes = (await requests(emulator)).filter((r) => r.method !== "GET");
        console.log(`explicit provider's projectId ${emulator.projectId} -> ${p2}:\n${up.stdout}`);
        expect(said).toContain(
          `stays in project ${emulator.projectId}, where it lives: the provider's projectId (the projectId input of ` +
            `provider "prod") is now ${p2}`,
        );
        expect(said).not.toContain(`${PACKAGE_NAME}:projectId`);
        expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual([]);
      } finally {
        await emulator.close();
        folder.cleanup();
      }
    },
    1_200_000,
  );
});
