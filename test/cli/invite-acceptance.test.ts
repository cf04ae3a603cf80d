// Issue 50, cases 5 and 6, and issue 51, item 4, through the real `pulumi` CLI on the dynamic face:
// - 5: acceptance is proven by time. Stack a's Invite (removeMemberOnDelete) expires; stack b invites the same
//   address and the person accepts b's invite. a's refresh does not record b's member, and a's destroy removes no one.
// - 6: one address, one POST across concurrent runs. Stack x (an early invite, then a slow resource, then bob) and
//   stack y (bob) run `up` at the same time; x's slow resource waits until y's invite for bob is in PostHog, so x's
//   bob create comes after it: x reads PostHog just before its POST and refuses, and PostHog gets one POST for bob.
// - issue 51, 4: the `up` says what it did, once: a level change of a member, a pending invite re-sent, a batch of
//   three; and the preview's future-tense notice appears once, in the preview only.
// Each step's CLI output and the requests PostHog received go to .tmp/invite-acceptance/dynamic.txt, and the whole
// output of issue 51's two `up`s to up-words.txt.
import fs from "node:fs";
import path from "node:path";
import { invite, invitedBy, requestLine, runOn, said, shownUnder, type Declared } from "./invite-runs";
import { inCliStack, type CliStack } from "./program-folder";
import { requirePulumiCli } from "../support/pulumi-cli";
import { REPO_ROOT } from "../support/self-link";
import type { LoggedRequest } from "../support/stack";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const TRANSCRIPTS = path.join(REPO_ROOT, ".tmp", "invite-acceptance");

/**
 * The program: each stack declares the resources its `declared.<stack>.json` lists. `Slow` waits (in its create)
 * until PostHog holds a pending invite for `waitFor`, read through the emulator's state control with the stack's key.
 */
const PROGRAM = `
const pulumi = require("@pulumi/pulumi");
const posthog = require("pulumi-posthog");

const slowProvider = {
  configure(req) {
    this.host = req.config.require("posthog:host");
    this.key = req.config.require("posthog:apiKey");
  },
  async create(inputs) {
    for (let i = 0; i < 1200; i++) {
      const res = await fetch(this.host + "/_emulator/state", { headers: { authorization: "Bearer " + this.key } });
      const { invites } = await res.json();
      if (invites.some((v) => v.target_email === inputs.waitFor)) return { id: "slow", outs: inputs };
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("no invite for " + inputs.waitFor + " came");
  },
};
class Slow extends pulumi.dynamic.Resource {
  constructor(name, args, opts) {
    super(slowProvider, name, args, opts);
  }
}

const made = {};
for (const r of require("./declared." + pulumi.getStack() + ".json")) {
  const opts = r.after ? { dependsOn: [made[r.after]] } : {};
  made[r.name] = r.kind === "Slow" ? new Slow(r.name, r.args, opts) : new posthog[r.kind](r.name, r.args, opts);
}
`;

/** What the user reads: warning, info and error lines of the CLI's output (the step lines left out). */
function diagnostics(output: string): string[] {
  return output
    .split("\n")
    .filter((line) => /warning:|error:|Invite|InviteBatch/.test(line) && !/^\s*[+~-]\s/.test(line))
    .map((line) => `  | ${line.trimEnd()}`);
}

class Transcript {
  readonly lines: string[] = [];
  /** The whole output of the runs kept with `keep` (the `up`s issue 51 asks to see). */
  readonly kept: string[] = [];
  constructor(readonly stack: CliStack) {}

  declare(stackName: string, resources: Declared[]): void {
    fs.writeFileSync(
      path.join(this.stack.dir, `declared.${stackName}.json`),
      JSON.stringify(resources, null, 2),
    );
    this.lines.push(`# stack ${stackName}: ${resources.map((r) => `${r.kind} "${r.name}"`).join("; ")}`);
  }

  async run(stackName: string, ...args: string[]): Promise<{ output: string; failed: boolean }> {
    const { output, failed } = await runOn(this.stack, stackName, args);
    this.lines.push(
      `$ pulumi ${args.join(" ")} --stack ${stackName}${failed ? "   (failed)" : ""}`,
      ...diagnostics(output),
    );
    return { output, failed };
  }

  async requests(): Promise<LoggedRequest[]> {
    const requests = await this.stack.requests();
    await this.stack.clearRequests();
    this.lines.push(
      "requests PostHog received:",
      ...requests.map((r) => `  ${r.time} ${requestLine(r, this.stack.organizationId)}`),
    );
    return requests;
  }

  async state(): Promise<{
    invites: { id: string; target_email: string }[];
    members: { user: { email: string } }[];
  }> {
    const s = await this.stack.control<{
      invites: { id: string; target_email: string }[];
      members: { user: { email: string } }[];
    }>("GET", "/state");
    return s;
  }

  async members(): Promise<string[]> {
    const { emulatorCall } = await import("../support/fresh-connection");
    const listed = await emulatorCall(
      this.stack.url,
      this.stack.apiKey,
      "GET",
      `/api/organizations/${this.stack.organizationId}/members/`,
    );
    return (listed.body as { results: { user: { email: string } }[] }).results.map((m) => m.user.email);
  }

  note(text: string): void {
    this.lines.push(text);
  }

  keep(title: string, output: string): void {
    this.kept.push(`## ${title}`, output.trimEnd(), "");
  }

  write(): void {
    fs.mkdirSync(TRANSCRIPTS, { recursive: true });
    fs.writeFileSync(path.join(TRANSCRIPTS, "dynamic.txt"), `${this.lines.join("\n")}\n`);
    fs.writeFileSync(path.join(TRANSCRIPTS, "up-words.txt"), `${this.kept.join("\n")}\n`);
  }
}

async function acceptanceByTime(t: Transcript): Promise<void> {
  t.note("\n## issue 50 case 5: an expired invite, another stack's invite accepted");
  t.declare("a", [invite("bob", "bob@example.com", { removeMemberOnDelete: true })]);
  t.declare("b", [invite("bob", "bob@example.com")]);
  expect((await t.run("a", "up", "--yes", "--skip-preview")).failed).toBe(false);
  // Four days later a's invite has expired; b invites the address and the person accepts b's invite.
  await t.stack.control("POST", "/clock", { advanceSeconds: 4 * 24 * 3600 });
  expect((await t.run("b", "up", "--yes", "--skip-preview")).failed).toBe(false);
  const ofB = (await t.state()).invites.find((i) => i.target_email === "bob@example.com");
  if (!ofB) throw new Error("b's invite is not in PostHog");
  await t.stack.control("POST", `/invites/${ofB.id}/accept`);
  t.note(`outside Pulumi: a's invite expired (clock +4 days); bob accepted b's invite ${ofB.id}`);
  await t.requests();

  const refresh = await t.run("a", "refresh", "--yes", "--skip-preview");
  await t.requests();
  expect(refresh.failed).toBe(false);
  expect(refresh.output).toContain("bob@example.com is a member, but joined at");
  expect(refresh.output).toContain("another invitation brought them in, not this one");
  const { stdout } = await t.stack.cli("stack", "export", "--stack", "a");
  expect(
    JSON.parse(stdout).deployment.resources.filter((r: { type: string }) => r.type.endsWith(":Invite")),
  ).toEqual([]);

  expect((await t.run("a", "destroy", "--yes", "--skip-preview")).failed).toBe(false);
  const destroyRequests = await t.requests();
  expect(destroyRequests.filter((r) => r.method === "DELETE")).toEqual([]);
  expect(await t.members()).toContain("bob@example.com");
  expect((await t.run("b", "destroy", "--yes", "--skip-preview")).failed).toBe(false);
  await t.requests();
}

async function concurrentRuns(t: Transcript): Promise<void> {
  t.note("\n## issue 50 case 6: two stacks' up at the same time, one address");
  t.declare("x", [
    invite("early", "ann@example.com"),
    { kind: "Slow", name: "slow", args: { waitFor: "carl@example.com" }, after: "early" },
    { ...invite("carl", "carl@example.com"), after: "slow" },
  ]);
  // y's invite waits until x's first invite (ann) is in PostHog, so x's first look at the invites comes before y's
  // POST, as in the issue (x started first). Without it, which stack looks first is a race, and a run where y posts
  // first passed on the code before this round too (its one listing already held carl's invite).
  t.declare("y", [
    { kind: "Slow", name: "slow", args: { waitFor: "ann@example.com" } },
    { ...invite("carl", "carl@example.com"), after: "slow" },
  ]);
  await t.stack.clearRequests();
  const [x, y] = await Promise.all([
    t.run("x", "up", "--yes", "--skip-preview"),
    t.run("y", "up", "--yes", "--skip-preview"),
  ]);
  const requests = await t.requests();
  expect(y.failed).toBe(false);
  expect(x.failed).toBe(true);
  expect(x.output).toContain("already has a pending invite for carl@example.com");
  expect(requests.flatMap(invitedBy).filter((e) => e === "carl@example.com")).toEqual(["carl@example.com"]);
  for (const s of ["x", "y"])
    expect((await t.run(s, "destroy", "--yes", "--skip-preview")).failed).toBe(false);
  await t.requests();
}

async function upSaysWhatItDid(t: Transcript): Promise<void> {
  t.note("\n## issue 51 item 4: the up says what it did, once");
  await t.stack.control("POST", "/settings", { emailAvailable: true });
  const team = (level: string): Declared => ({
    kind: "InviteBatch",
    name: "team",
    args: {
      invites: [
        { targetEmail: "ana@example.com" },
        { targetEmail: "ben@example.com", level },
        { targetEmail: "cy@example.com" },
      ],
    },
  });
  const people = (lev: string, pen: string): Declared[] => [
    invite("lev", "lev@example.com", { level: lev, sendEmail: true }),
    invite("pen", "pen@example.com", { level: pen, sendEmail: true }),
    team(pen),
  ];
  /** Said once, after the update: one line of the update's Diagnostics, and nothing in the preview. */
  const saidOnceByTheUpdate = (output: string, text: string) =>
    expect({ text, ...said(output, text) }).toEqual({
      text,
      preview: { lines: 0, diagnostics: 0 },
      update: { lines: expect.any(Number) as number, diagnostics: 1 },
    });
  t.declare("w", people("member", "member"));
  const first = await t.run("w", "up", "--yes");
  t.keep("pulumi up --yes: two Invites and an InviteBatch of three, all new", first.output);
  expect(first.failed).toBe(false);
  saidOnceByTheUpdate(
    first.output,
    'InviteBatch "team": sent 3 invitations to ana@example.com, ben@example.com, cy@example.com; PostHog emailed all 3.',
  );
  for (const who of ["lev", "pen"])
    saidOnceByTheUpdate(
      first.output,
      `Invite "${who}@example.com": sent an invitation to ${who}@example.com as member; PostHog emailed it.`,
    );
  await t.requests();
  const lev = (await t.state()).invites.find((i) => i.target_email === "lev@example.com");
  if (!lev) throw new Error("no invite for lev");
  await t.stack.control("POST", `/invites/${lev.id}/accept`);
  expect((await t.run("w", "refresh", "--yes", "--skip-preview")).failed).toBe(false);
  await t.requests();

  t.declare("w", people("admin", "admin"));
  const up = await t.run("w", "up", "--yes");
  t.keep(
    "pulumi up --yes: lev (a member now) and pen (pending) to admin, and the batch's ben to admin",
    up.output,
  );
  const requests = await t.requests();
  expect(up.failed).toBe(false);
  const notice = (who: string, email: string) =>
    `${who}: level changed. At \`pulumi up\`, if ${email} has not accepted yet, a new invitation with these terms replaces the pending one`;
  const batchNotice = notice("InviteBatch", "ben@example.com").replace(
    ": level",
    ": ben@example.com's level",
  );
  // The future-tense notice: once per resource, in the preview's Diagnostics, and never in the update.
  for (const text of [notice('Invite "pen@example.com"', "pen@example.com"), batchNotice]) {
    const { preview, update } = said(up.output, text);
    expect({ text, previewDiagnostics: preview.diagnostics, update: update.lines }).toEqual({
      text,
      previewDiagnostics: 1,
      update: 0,
    });
  }
  // lev was a member when the preview ran (the refresh recorded it): no invitation can replace anything.
  expect(said(up.output, "if lev@example.com has not accepted yet")).toEqual({
    preview: { lines: 0, diagnostics: 0 },
    update: { lines: 0, diagnostics: 0 },
  });
  // What the update did, once each.
  saidOnceByTheUpdate(
    up.output,
    'Invite "lev@example.com": changed lev@example.com to admin (already a member; no email).',
  );
  saidOnceByTheUpdate(
    up.output,
    'Invite "pen@example.com": re-sent the invitation to pen@example.com as admin, replacing the pending one',
  );
  saidOnceByTheUpdate(
    up.output,
    'InviteBatch "team": re-sent the invitation to ben@example.com, replacing the pending one; PostHog emailed it.',
  );
  // Each under the resource it is about.
  expect(shownUnder(up.output, "changed lev@example.com to admin")).toBe(
    "pulumi-nodejs:dynamic/posthog:Invite (lev)",
  );
  expect(shownUnder(up.output, "re-sent the invitation to ben@example.com")).toBe(
    "pulumi-nodejs:dynamic/posthog:InviteBatch (team)",
  );
  expect(requests.flatMap(invitedBy).sort()).toEqual(["ben@example.com", "pen@example.com"]);
  expect(requests.filter((r) => r.method === "PATCH")).toHaveLength(1);
  expect((await t.run("w", "destroy", "--yes", "--skip-preview")).failed).toBe(false);
  await t.requests();
}

describe("invites across stacks and what an up says, through the real Pulumi CLI", () => {
  withCli(
    "dynamic providers: acceptance proven by time, one POST per address across concurrent runs, the up's words",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      await inCliStack(
        pulumi,
        {
          files: {
            "Pulumi.yaml": "name: invite-acceptance\nruntime: nodejs\nmain: index.js\n",
            "index.js": PROGRAM,
          },
          init: false,
        },
        async (stack) => {
          for (const name of ["a", "b", "x", "y", "w"]) {
            fs.writeFileSync(path.join(stack.dir, `declared.${name}.json`), "[]");
            await stack.newStack(name, { ...stack.config, "posthog:apiKey": { secret: stack.apiKey } });
          }
          const t = new Transcript(stack);
          try {
            await stack.clearRequests();
            await acceptanceByTime(t);
            await concurrentRuns(t);
            await upSaysWhatItDid(t);
          } finally {
            t.write();
          }
        },
      );
    },
    1_800_000,
  );
});
