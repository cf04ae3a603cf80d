// Issue 43, cases 3–5, through the real `pulumi` CLI on the dynamic face (a JavaScript program): an invite is a
// resource's only by the id its state holds and what this run sent.
// - 3: an InviteBatch changes one person's level: it re-sends that person's own pending invite (one bulk POST,
//   which makes PostHog replace it), warning as the guide says; nobody else is touched.
// - 4: one address in two resources of one run (two Invites, an Invite and a batch, two batches): one POST per
//   address; the other resource fails naming both, having sent nothing. The engine runs these creates at once.
// - 5: refresh follows only the stored id: an invite replaced outside Pulumi (same terms) leaves the stack with a
//   warning, the next up refuses the invite it cannot prove its own, and destroy deletes nothing of it; an accepted
//   invite is recorded as accepted.
// Each step's CLI output, the requests PostHog received and the ids each resource holds go to
// .tmp/invite-ownership/dynamic.txt.
import fs from "node:fs";
import path from "node:path";
import { invite, invitedBy, requestLine, runOn, said, type Declared } from "./invite-runs";
import { inCliStack, type CliStack } from "./program-folder";
import { requirePulumiCli } from "../support/pulumi-cli";
import { REPO_ROOT } from "../support/self-link";
import { emulatorCall } from "../support/fresh-connection";
import type { LoggedRequest } from "../support/stack";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const TRANSCRIPTS = path.join(REPO_ROOT, ".tmp", "invite-ownership");

/** The program: the resources `declared.json` lists, so each step only rewrites that file. */
const PROGRAM = [
  'const posthog = require("pulumi-posthog");',
  'for (const r of require("./declared.json")) new posthog[r.kind](r.name, r.args);',
  "",
].join("\n");

interface Checkpoint {
  deployment: {
    resources: {
      type: string;
      urn: string;
      id?: string;
      outputs?: {
        inviteId?: string | null;
        status?: string;
        invitations?: Record<string, { inviteId: string }>;
      };
    }[];
  };
}

interface PostHogInvite {
  id: string;
  target_email: string;
  level: number;
}

const batch = (name: string, people: Record<string, unknown>[]): Declared => ({
  kind: "InviteBatch",
  name,
  args: { sendEmail: false, invites: people },
});

/** One step of a case: the CLI's words, what PostHog received, and what each resource holds. */
class Transcript {
  private readonly lines: string[] = [];
  constructor(private readonly stack: CliStack) {}

  declare(stackName: string, resources: Declared[]): void {
    fs.writeFileSync(path.join(this.stack.dir, "declared.json"), JSON.stringify(resources, null, 2));
    this.lines.push(
      `# stack ${stackName}: ${resources.map((r) => `${r.kind} "${r.name}" ${JSON.stringify(r.args)}`).join("; ")}`,
    );
  }

  /** Runs `pulumi <args>` on the stack; a failure is recorded, not thrown. Returns the output and whether it failed. */
  async run(stackName: string, ...args: string[]): Promise<{ output: string; failed: boolean }> {
    const { output, failed } = await runOn(this.stack, stackName, args);
    this.lines.push(`$ pulumi ${args.join(" ")}${failed ? "   (failed)" : ""}`, ...diagnostics(output));
    return { output, failed };
  }

  /** The requests PostHog received since the last call (then forgotten), recorded. */
  async requests(): Promise<LoggedRequest[]> {
    const requests = await this.stack.requests();
    await this.stack.clearRequests();
    this.lines.push(
      "requests PostHog received:",
      ...requests.map((r) => `  ${requestLine(r, this.stack.organizationId)}`),
    );
    return requests;
  }

  /** Each resource's invite ids as the stack's state holds them (`name` or `name/email` for a batch). */
  async held(stackName: string): Promise<Record<string, string>> {
    const { stdout } = await this.stack.cli("stack", "export", "--stack", stackName);
    const held: Record<string, string> = {};
    for (const r of (JSON.parse(stdout) as Checkpoint).deployment.resources) {
      const name = r.urn.split("::").at(-1) ?? "";
      if (r.type.endsWith(":Invite"))
        held[name] =
          `${String(r.outputs?.inviteId ?? r.id)}${r.outputs?.status === "accepted" ? " (accepted)" : ""}`;
      if (r.type.endsWith(":InviteBatch"))
        for (const [email, i] of Object.entries(r.outputs?.invitations ?? {}))
          held[`${name}/${email}`] = i.inviteId;
    }
    this.lines.push(`ids the stack holds: ${JSON.stringify(held)}`);
    return held;
  }

  /** The invites PostHog has, newest first. */
  async posthog(): Promise<PostHogInvite[]> {
    const { invites } = await this.stack.control<{ invites: PostHogInvite[] }>("GET", "/state");
    this.lines.push(
      `invites in PostHog: ${JSON.stringify(invites.map((i) => [i.target_email, i.id, i.level]))}`,
    );
    return invites;
  }

  get organizationId(): string {
    return this.stack.organizationId;
  }

  /** A call to PostHog's API outside Pulumi, as another stack or a person in PostHog makes it. */
  async api<T>(method: string, route: string, body?: unknown): Promise<T> {
    const res = await emulatorCall(this.stack.url, this.stack.apiKey, method, route, body);
    if (res.status >= 400) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  }

  /** An emulator test control (`/_emulator/...`). */
  control(method: string, route: string): Promise<unknown> {
    return this.stack.control(method, route);
  }

  note(text: string): void {
    this.lines.push(text);
  }

  write(): void {
    fs.mkdirSync(TRANSCRIPTS, { recursive: true });
    fs.writeFileSync(path.join(TRANSCRIPTS, "dynamic.txt"), `${this.lines.join("\n")}\n`);
  }
}

/** What the user reads: the warning and error lines of the CLI's output. */
function diagnostics(output: string): string[] {
  return output
    .split("\n")
    .filter(
      (line) =>
        /warning:|error:|^\s+(\+|~|-) |^\s*\* /.test(line) &&
        !/pending operations|--continue-on-error/.test(line),
    )
    .map((line) => `  | ${line.trim()}`);
}

const postsPer = (requests: LoggedRequest[]) => {
  const count: Record<string, number> = {};
  for (const email of requests.flatMap(invitedBy)) count[email] = (count[email] ?? 0) + 1;
  return count;
};

async function batchChangesALevel(t: Transcript): Promise<void> {
  const s = "roster";
  const people = (benLevel: string) => [
    { targetEmail: "ana@example.com" },
    { targetEmail: "ben@example.com", level: benLevel },
  ];
  t.note("\n## case 3: an InviteBatch changes one person's level");
  t.declare(s, [batch("team", people("member"))]);
  expect((await t.run(s, "up", "--yes", "--skip-preview")).failed).toBe(false);
  await t.requests();
  const before = await t.held(s);

  t.declare(s, [batch("team", people("admin"))]);
  const { output, failed } = await t.run(s, "up", "--yes", "--skip-preview");
  const requests = await t.requests();
  const after = await t.held(s);
  const invites = await t.posthog();
  expect(failed).toBe(false);
  // The up says what it did, once. The future-tense notice belongs to the preview, which --skip-preview leaves
  // out, so this up never says it.
  expect(
    said(
      output,
      'InviteBatch "team": re-sent the invitation to ben@example.com, replacing the pending one; no email went out',
    ).update.diagnostics,
  ).toBe(1);
  expect(said(output, "if ben@example.com has not accepted yet")).toEqual({
    preview: { lines: 0, diagnostics: 0 },
    update: { lines: 0, diagnostics: 0 },
  });
  // One bulk POST for ben alone; no DELETE (PostHog replaces the invite it holds for the address).
  expect(postsPer(requests)).toEqual({ "ben@example.com": 1 });
  expect(requests.filter((r) => r.method === "DELETE")).toEqual([]);
  expect(after["team/ana@example.com"]).toBe(before["team/ana@example.com"]);
  expect(after["team/ben@example.com"]).not.toBe(before["team/ben@example.com"]);
  expect(invites.map((i) => [i.target_email, i.id, i.level]).sort()).toEqual([
    ["ana@example.com", after["team/ana@example.com"], 1],
    ["ben@example.com", after["team/ben@example.com"], 8],
  ]);
  expect((await t.run(s, "preview", "--expect-no-changes")).failed).toBe(false);
  expect((await t.run(s, "destroy", "--yes", "--skip-preview")).failed).toBe(false);
  expect((await t.requests()).filter((r) => r.method === "DELETE")).toHaveLength(2);
  expect(await t.posthog()).toEqual([]);
}

async function oneAddressTwoResources(t: Transcript): Promise<void> {
  const s = "doubled";
  t.note("\n## case 4: one address in two resources of one run");
  t.declare(s, [
    invite("first", "xia@example.com"),
    invite("second", "xia@example.com"),
    batch("crew", [{ targetEmail: "yan@example.com" }, { targetEmail: "zoe@example.com" }]),
    invite("yan", "yan@example.com"),
    batch("crew2", [{ targetEmail: "zoe@example.com" }]),
  ]);
  const { output, failed } = await t.run(s, "up", "--yes", "--skip-preview", "--continue-on-error");
  const requests = await t.requests();
  const held = await t.held(s);
  const invites = await t.posthog();
  expect(failed).toBe(true);
  // One POST per address, whichever resource of each pair the engine ran first.
  for (const count of Object.values(postsPer(requests))) expect(count).toBe(1);
  expect(Object.keys(postsPer(requests)).sort()).toEqual([
    "xia@example.com",
    "yan@example.com",
    "zoe@example.com",
  ]);
  // The loser of each pair is named, with the holder.
  expect(output).toMatch(
    /Invite "(first|second)" cannot invite an address that another resource of this run already invites to organization [^:]+: xia@example\.com \(by Invite "(first|second)"\)/,
  );
  expect(output).toContain("Nothing was sent for");
  // Every id a resource holds is the invite PostHog has for that address: none holds a replaced one.
  const current = new Map(invites.map((i) => [i.id, i.target_email]));
  for (const id of Object.values(held)) expect(current.has(id)).toBe(true);
  expect(new Set(Object.values(held)).size).toBe(Object.values(held).length);
  expect(invites).toHaveLength(3);
  expect((await t.run(s, "destroy", "--yes", "--skip-preview")).failed).toBe(false);
  await t.requests();
  expect(await t.posthog()).toEqual([]);
}

async function refreshFollowsTheStoredId(t: Transcript): Promise<void> {
  const s = "followed";
  t.note("\n## case 5: refresh follows only the stored id");
  t.declare(s, [
    invite("erin", "erin@example.com", { firstName: "Erin" }),
    batch("crew", [{ targetEmail: "finn@example.com" }]),
    invite("gus", "gus@example.com"),
  ]);
  expect((await t.run(s, "up", "--yes", "--skip-preview")).failed).toBe(false);
  await t.requests();
  const ours = await t.held(s);
  // Someone else invites erin and finn again with the same terms (another stack, a person in PostHog): PostHog
  // replaces our invites with theirs. gus accepts.
  const org = t.organizationId;
  const theirs: Record<string, string> = {};
  for (const [email, firstName] of [
    ["erin@example.com", "Erin"],
    ["finn@example.com", ""],
  ]) {
    const res = await t.api<{ id: string }>("POST", `/api/organizations/${org}/invites/`, {
      target_email: email,
      first_name: firstName,
      send_email: false,
    });
    theirs[email] = res.id;
  }
  await t.control("POST", `/invites/${ours.gus}/accept`);
  t.note(`outside Pulumi: erin and finn re-invited (${JSON.stringify(theirs)}); gus accepted`);
  await t.requests();

  const refresh = await t.run(s, "refresh", "--yes", "--skip-preview");
  await t.requests();
  const afterRefresh = await t.held(s);
  expect(refresh.failed).toBe(false);
  expect(refresh.output).toContain(
    `Invite "erin@example.com": PostHog has no object with the stored id "${ours.erin}"`,
  );
  expect(refresh.output).toContain(
    `PostHog has no invite ${ours["crew/finn@example.com"]} for finn@example.com any more`,
  );
  expect(Object.values(afterRefresh)).not.toContain(theirs["erin@example.com"]);
  expect(Object.values(afterRefresh)).not.toContain(theirs["finn@example.com"]);
  expect(afterRefresh).toEqual({ gus: `${ours.gus} (accepted)` });

  const up = await t.run(s, "up", "--yes", "--skip-preview", "--continue-on-error");
  const upRequests = await t.requests();
  expect(up.failed).toBe(true);
  expect(up.output).toContain(
    `already has a pending invite for erin@example.com (invite ${theirs["erin@example.com"]}`,
  );
  expect(up.output).toContain(
    `already has a pending invite for finn@example.com (invite ${theirs["finn@example.com"]}`,
  );
  expect(upRequests.flatMap(invitedBy)).toEqual([]);

  expect((await t.run(s, "destroy", "--yes", "--skip-preview")).failed).toBe(false);
  const destroyRequests = await t.requests();
  expect(destroyRequests.filter((r) => r.method === "DELETE")).toEqual([]);
  const left = await t.posthog();
  expect(left.map((i) => i.id).sort()).toEqual(Object.values(theirs).sort());
}

describe("invites are a resource's by the id it holds and what its run sent, through the real Pulumi CLI", () => {
  withCli(
    "dynamic providers: a batch re-sends its own invite, one address gets one POST a run, refresh follows only the stored id",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      await inCliStack(
        pulumi,
        {
          files: {
            "Pulumi.yaml": "name: invite-ownership\nruntime: nodejs\nmain: index.js\n",
            "index.js": PROGRAM,
            "declared.json": "[]",
          },
          init: false,
        },
        async (stack) => {
          for (const name of ["roster", "doubled", "followed"])
            await stack.newStack(name, { ...stack.config, "posthog:apiKey": { secret: stack.apiKey } });
          const t = new Transcript(stack);
          try {
            await stack.clearRequests();
            await batchChangesALevel(t);
            await oneAddressTwoResources(t);
            await refreshFollowsTheStoredId(t);
          } finally {
            t.write();
          }
        },
      );
    },
    1_800_000,
  );
});
