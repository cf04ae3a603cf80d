// Issue 55, case 1, through the real `pulumi` CLI on both faces (dynamic providers from a JavaScript program, and
// the plugin from a YAML program): removeMemberOnDelete removes only a member an invite of this stack brought in.
// - already a member: an Invite and an InviteBatch (both with removeMemberOnDelete) declare people who are members
//   before the stack exists. `up` sends no invitation for them and says the invite is recorded as accepted; then
//   `destroy` sends no DELETE of their membership and says why.
// - after "another invitation brought them in": the stack's invites expire, another invitation (sent in PostHog)
//   is accepted, refresh drops them, the next `up` records them as already members, and `destroy` removes no one.
// - issue 55, case 12 (the invite part): a batch whose state has no creation time for an invitation (as versions
//   before acceptance was proven by time wrote it; the dynamic face's published state is release-state.test.ts),
//   accepted since: refresh keeps the person as accepted, and the next `up` sends no invitation.
// Each step's CLI output and the requests PostHog received go to .tmp/member-removal/<face>.txt.
import fs from "node:fs";
import path from "node:path";
import { invite, requestLine, type Declared } from "./invite-runs";
import {
  inCliStack,
  inInstalledProgram,
  readProject,
  writeProject,
  yamlPluginStack,
  type CliRun,
} from "./program-folder";
import { requirePulumiCli } from "../support/pulumi-cli";
import { REPO_ROOT } from "../support/self-link";
import { emulatorCall } from "../support/fresh-connection";
import type { LoggedRequest } from "../support/stack";
import { RESOURCE_TOKENS } from "../../src/plugin/tokens";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const TRANSCRIPTS = path.join(REPO_ROOT, ".tmp", "member-removal");

/** The dynamic face's program: the resources `declared.json` lists. */
const PROGRAM = [
  'const posthog = require("pulumi-posthog");',
  'for (const r of require("./declared.json")) new posthog[r.kind](r.name, r.args);',
  "",
].join("\n");

/** One face: how a step declares its resources, runs the CLI and reaches the emulator. */
interface Face {
  label: string;
  dir: string;
  url: string;
  apiKey: string;
  organizationId: string;
  declare(resources: Declared[]): void;
  cli(...args: string[]): Promise<CliRun>;
}

const batch = (name: string, people: string[], more: Record<string, unknown> = {}): Declared => ({
  kind: "InviteBatch",
  name,
  args: { sendEmail: false, invites: people.map((targetEmail) => ({ targetEmail })), ...more },
});

/** The warning a delete (and a preview that drops them) prints for a member no invite of this stack brought in. */
const kept = (resource: string, email: string, org: string) =>
  `${resource}: ${email} was already a member of organization ${org} when this stack recorded them (no invite of ` +
  "this stack brought them in), so removeMemberOnDelete does not remove them: deleting this sends PostHog nothing " +
  "for them.";

class Steps {
  readonly lines: string[] = [];
  constructor(readonly face: Face) {}

  async control<T>(method: string, route: string, body?: unknown): Promise<T> {
    const res = await emulatorCall(this.face.url, this.face.apiKey, method, `/_emulator${route}`, body);
    if (res.status >= 300) throw new Error(`emulator control ${method} ${route}: ${res.status}`);
    return res.body as T;
  }

  /** A call to PostHog's API outside Pulumi (a person in PostHog, or another stack). */
  async api(method: string, route: string, body?: unknown): Promise<unknown> {
    const res = await emulatorCall(this.face.url, this.face.apiKey, method, route, body);
    if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  declare(resources: Declared[]): void {
    this.face.declare(resources);
    this.lines.push(
      `# ${resources.map((r) => `${r.kind} "${r.name}" ${JSON.stringify(r.args)}`).join("; ")}`,
    );
  }

  /** `pulumi <args>`: its whole output; a failure fails the test, with the output. */
  async run(...args: string[]): Promise<string> {
    let output: string;
    try {
      const done = await this.face.cli(...args);
      output = `${done.stdout}\n${done.stderr}`;
    } catch (error) {
      const e = error as Error & { stdout?: string; stderr?: string };
      output = `${e.stdout ?? ""}\n${e.stderr ?? ""}`;
      this.lines.push(`$ pulumi ${args.join(" ")}   (failed)`, output);
      throw new Error(`pulumi ${args.join(" ")} failed:\n${output}`);
    }
    this.lines.push(
      `$ pulumi ${args.join(" ")}`,
      ...output
        .split("\n")
        .filter((line) => /warning:|error:/.test(line))
        .map((line) => `  | ${line.trim()}`),
    );
    return output;
  }

  /** The requests PostHog received since the last call (then forgotten), recorded. */
  async requests(): Promise<LoggedRequest[]> {
    const { requests } = await this.control<{ requests: LoggedRequest[] }>("GET", "/requests");
    await this.control("DELETE", "/requests");
    this.lines.push(
      "requests PostHog received:",
      ...requests.map((r) => `  ${requestLine(r, this.face.organizationId)}`),
    );
    return requests;
  }

  async members(): Promise<string[]> {
    const listed = (await this.api("GET", `/api/organizations/${this.face.organizationId}/members/`)) as {
      results: { user: { email: string } }[];
    };
    return listed.results.map((m) => m.user.email);
  }

  note(text: string): void {
    this.lines.push(text);
  }
}

/** Every request that removes a membership. */
const memberDeletes = (requests: LoggedRequest[]) =>
  requests.filter((r) => r.method === "DELETE" && r.path.includes("/members/")).map((r) => r.path);

async function alreadyMembers(s: Steps): Promise<void> {
  const org = s.face.organizationId;
  s.note("\n## already members: an Invite and an InviteBatch with removeMemberOnDelete");
  for (const email of ["already@example.com", "old@example.com"])
    await s.control("POST", "/members", { email });
  s.declare([
    invite("already", "already@example.com", { removeMemberOnDelete: true }),
    batch("team", ["old@example.com", "new@example.com"], { removeMemberOnDelete: true }),
  ]);
  await s.requests();
  const up = await s.run("up", "--yes", "--skip-preview");
  await s.requests();

  const destroy = await s.run("destroy", "--yes", "--skip-preview");
  const requests = await s.requests();
  expect(memberDeletes(requests)).toEqual([]);
  // The one pending invite the batch sent (new@example.com) is deleted; nothing else.
  expect(requests.filter((r) => r.method === "DELETE")).toHaveLength(1);
  expect(destroy).toContain(kept('Invite "already@example.com"', "already@example.com", org));
  expect(destroy).toContain(kept("InviteBatch", "old@example.com", org));
  expect(await s.members()).toEqual(expect.arrayContaining(["already@example.com", "old@example.com"]));
  // What the CLI said, after what PostHog received (so a run on the old code shows the removal first).
  expect(up).toContain(
    `Invite "already@example.com": already@example.com is already a member of organization ${org}; nothing was ` +
      "sent. The invite is recorded as accepted (destroying it never removes the member).",
  );
  expect(up).toContain(
    `InviteBatch: already members of organization ${org}, recorded as accepted and not invited: old@example.com ` +
      "(no invite of this batch brought them in, so dropping them or deleting the batch never removes them).",
  );
}

async function anotherInvitation(s: Steps): Promise<void> {
  const org = s.face.organizationId;
  s.note("\n## another invitation brought them in: refresh, up, destroy");
  s.declare([
    invite("bob", "bob@example.com", { removeMemberOnDelete: true }),
    batch("crew", ["cat@example.com"], { removeMemberOnDelete: true }),
  ]);
  await s.run("up", "--yes", "--skip-preview");
  await s.requests();
  // Four days later the stack's invites have expired; invitations sent in PostHog are accepted.
  await s.control("POST", "/clock", { advanceSeconds: 4 * 24 * 3600 });
  for (const email of ["bob@example.com", "cat@example.com"]) {
    const sent = (await s.api("POST", `/api/organizations/${org}/invites/`, {
      target_email: email,
      send_email: false,
    })) as { id: string };
    await s.control("POST", `/invites/${sent.id}/accept`);
  }
  s.note(
    "outside Pulumi: the stack's invites expired (clock +4 days); bob and cat accepted invitations sent in PostHog",
  );
  await s.requests();

  const refresh = await s.run("refresh", "--yes", "--skip-preview");
  await s.requests();
  for (const email of ["bob@example.com", "cat@example.com"]) {
    expect(refresh).toContain(`${email} is a member, but joined at`);
  }
  expect(refresh).toContain("another invitation brought them in, not this one");

  const up = await s.run("up", "--yes", "--skip-preview");
  await s.requests();

  const destroy = await s.run("destroy", "--yes", "--skip-preview");
  const requests = await s.requests();
  expect(memberDeletes(requests)).toEqual([]);
  expect(requests.filter((r) => r.method !== "GET")).toEqual([]);
  expect(destroy).toContain(kept('Invite "bob@example.com"', "bob@example.com", org));
  expect(destroy).toContain(kept("InviteBatch", "cat@example.com", org));
  expect(await s.members()).toEqual(expect.arrayContaining(["bob@example.com", "cat@example.com"]));
  // What the CLI said, after what PostHog received.
  expect(up).toContain(
    `Invite "bob@example.com": bob@example.com is already a member of organization ${org}; nothing was sent. ` +
      "The invite is recorded as accepted (destroying it never removes the member).",
  );
  expect(up).toContain(
    `InviteBatch: already members of organization ${org}, recorded as accepted and not invited: cat@example.com ` +
      "(no invite of this batch brought them in, so dropping them or deleting the batch never removes them).",
  );
}

interface Checkpoint {
  deployment: {
    resources: {
      type: string;
      id?: string;
      outputs?: { invitations?: Record<string, { inviteId: string; createdAt?: string }> };
    }[];
  };
}

/** The stack's state as an earlier version wrote it: no creation time for any batch invitation. */
async function withoutCreationTimes(s: Steps): Promise<Checkpoint> {
  const exported = JSON.parse((await s.face.cli("stack", "export")).stdout) as Checkpoint;
  for (const r of exported.deployment.resources)
    for (const invitation of Object.values(r.outputs?.invitations ?? {})) delete invitation.createdAt;
  const file = path.join(s.face.dir, "older.json");
  fs.writeFileSync(file, JSON.stringify(exported));
  await s.face.cli("stack", "import", "--file", file);
  fs.rmSync(file);
  s.note("the state's batch invitations lose their creation time, as versions before 2442718 wrote them");
  return exported;
}

async function acceptedWithoutCreationTime(s: Steps): Promise<void> {
  const org = s.face.organizationId;
  s.note("\n## issue 55 case 12: a batch entry with no creation time, accepted since the last run");
  s.declare([batch("early", ["dora@example.com"])]);
  await s.run("up", "--yes", "--skip-preview");
  const older = await withoutCreationTimes(s);
  const held = older.deployment.resources.find((r) => r.type.endsWith(":InviteBatch"));
  const invitation = held?.outputs?.invitations?.["dora@example.com"];
  if (!held?.id || !invitation) throw new Error("the batch holds no invitation for dora");
  await s.control("POST", `/invites/${invitation.inviteId}/accept`);
  s.note(`outside Pulumi: dora accepted the batch's invite ${invitation.inviteId}`);
  await s.requests();

  const refresh = await s.run("refresh", "--yes", "--skip-preview");
  await s.requests();
  await s.run("up", "--yes", "--skip-preview");
  expect((await s.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  await s.run("destroy", "--yes", "--skip-preview");
  expect(memberDeletes(await s.requests())).toEqual([]);
  expect(await s.members()).toContain("dora@example.com");
  // What the refresh said, after what PostHog received (so a run on the old code shows the up's POST first).
  expect(refresh).toContain(
    `InviteBatch ${held.id}: PostHog has no invite ${invitation.inviteId} for dora@example.com any more and ` +
      `dora@example.com is a member of organization ${org}; the state (from an earlier version) has no creation ` +
      "time for that invite, so refresh keeps them as accepted (the next `pulumi up` sends them nothing). No " +
      "invite of this batch is proven to have brought them in, so removeMemberOnDelete never removes them.",
  );
  expect(refresh).not.toContain("another invitation brought them in");
}

async function bothCases(face: Face): Promise<void> {
  const s = new Steps(face);
  // Each case runs even when one before it failed (their addresses differ), so one run shows every case's outcome;
  // every failure is thrown at the end.
  const failures: string[] = [];
  try {
    for (const run of [alreadyMembers, anotherInvitation, acceptedWithoutCreationTime]) {
      try {
        await run(s);
      } catch (error) {
        s.note(`FAILED: ${String(error)}`);
        failures.push(`${run.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (failures.length > 0) throw new Error(failures.join("\n\n"));
  } finally {
    fs.mkdirSync(TRANSCRIPTS, { recursive: true });
    fs.writeFileSync(path.join(TRANSCRIPTS, `${face.label}.txt`), `${s.lines.join("\n")}\n`);
  }
}

describe("removeMemberOnDelete and members no invite of the stack brought in, through the real Pulumi CLI", () => {
  withCli(
    "dynamic providers (JavaScript program): already members and another invitation's member are never removed",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      await inCliStack(
        pulumi,
        {
          files: {
            "Pulumi.yaml": "name: member-removal\nruntime: nodejs\nmain: index.js\n",
            "index.js": PROGRAM,
          },
        },
        async (stack) => {
          await bothCases({
            label: "dynamic",
            dir: stack.dir,
            url: stack.url,
            apiKey: stack.apiKey,
            organizationId: stack.organizationId,
            declare: (resources) =>
              fs.writeFileSync(path.join(stack.dir, "declared.json"), JSON.stringify(resources, null, 2)),
            cli: (...args) => stack.cli(...args),
          });
        },
      );
    },
    1_800_000,
  );

  withCli(
    "plugin (YAML program): already members and another invitation's member are never removed",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      await inInstalledProgram(pulumi, async (program) => {
        const { dir, emulator, cli } = program;
        await yamlPluginStack(program, "name: member-removal\nruntime: yaml\n");
        const project = readProject(dir);
        await bothCases({
          label: "plugin-yaml",
          dir,
          url: emulator.url,
          apiKey: emulator.apiKey,
          organizationId: emulator.organizationId,
          declare: (resources) =>
            writeProject(dir, {
              ...project,
              resources: Object.fromEntries(
                resources.map((r) => [
                  r.name,
                  {
                    type: r.kind === "Invite" ? RESOURCE_TOKENS.Invite : RESOURCE_TOKENS.InviteBatch,
                    properties: r.args,
                  },
                ]),
              ),
            }),
          cli: (...args) => cli(...args),
        });
      });
    },
    1_800_000,
  );
});
