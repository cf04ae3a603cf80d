// Issue 29: every warning the guides promise at preview, through the engine harness and the real plugin: the
// guide says it (the quoted part is in the guide's text) and `pulumi preview` prints exactly it, with no request.
// test/cli/documented-warnings.test.ts shows the same texts through the real CLI on both faces.
import fs from "node:fs";
import path from "node:path";
import { Invite, InviteBatch, Survey, type InviteArgs, type InviteBatchArgs } from "../../src";
import type { Engine, Program } from "../support/engine";
import { REPO_ROOT } from "../support/self-link";
import { rosterStack } from "../invite/roster-stack";
import { DOCUMENTED_WARNINGS, HTML_QUESTION } from "../support/documented-warnings";

const stack = rosterStack();

const guide = (name: string) => fs.readFileSync(path.join(REPO_ROOT, "docs/guides", name), "utf8");

const invite =
  (args: InviteArgs): Program =>
  () => {
    new Invite("person", args);
  };
const batch =
  (args: InviteBatchArgs): Program =>
  () => {
    new InviteBatch("team", args);
  };

/** `up` of `program`, then (optionally) the people of `accept` accept in PostHog, and a refresh records it. */
async function upThenAccept(program: Program, accept: string[] = []): Promise<Engine> {
  const engine = stack().newEngine();
  expect((await engine.up(program)).errors).toEqual([]);
  if (accept.length > 0) {
    const { invites } = await stack().control<{ invites: { id: string; target_email: string }[] }>(
      "GET",
      "/state",
    );
    for (const email of accept) {
      const found = invites.find((i) => i.target_email === email);
      await stack().control("POST", `/invites/${found?.id}/accept`);
    }
    expect((await engine.refresh()).errors).toEqual([]);
  }
  return engine;
}

/** The warnings a preview of `program` printed, and the requests it sent. */
async function previewWarnings(engine: Engine, program: Program): Promise<string[]> {
  await stack().clearRequests();
  const before = stack().server.engineLog().length;
  const debugBefore = stack().server.stderr().length;
  const preview = await engine.preview(program);
  expect(preview.errors).toEqual([]);
  expect(await stack().requests()).toEqual([]);
  // One writer: the engine's log, never stderr as well (which the engine would show again, unattributed).
  expect(stack().server.stderr().slice(debugBefore)).not.toContain("warning");
  return stack()
    .server.engineLog()
    .slice(before)
    .split("\n")
    .filter((line) => line.startsWith("warning: "));
}

interface Row {
  /** The guide that promises the warning, and the words of the promise it contains. */
  guide: string;
  promise: string;
  setUp(): Promise<Engine>;
  preview: Program;
  warning(): string;
}

const org = () => stack().organizationId;

const ROWS: [string, Row][] = [
  [
    "a pending invite's new level",
    {
      guide: "invites-to-membership.md",
      promise: "The preview shows\nan update, not a replacement, with a warning",
      setUp: () =>
        upThenAccept(invite({ targetEmail: "lev@example.com", level: "member", sendEmail: false })),
      preview: invite({ targetEmail: "lev@example.com", level: "admin", sendEmail: false }),
      warning: () => DOCUMENTED_WARNINGS.levelChanged("lev@example.com"),
    },
  ],
  [
    "a pending batch person's new level",
    {
      guide: "invites-to-membership.md",
      promise: "``warning: InviteBatch: <email>'s level changed.",
      setUp: () =>
        upThenAccept(
          batch({ sendEmail: false, invites: [{ targetEmail: "pat@example.com", level: "member" }] }),
        ),
      preview: batch({ sendEmail: false, invites: [{ targetEmail: "pat@example.com", level: "admin" }] }),
      warning: () => DOCUMENTED_WARNINGS.batchLevelChanged("pat@example.com"),
    },
  ],
  [
    "removeMemberOnDelete turned on for a member",
    {
      guide: "invites-to-membership.md",
      promise:
        '`warning: Invite "<email>": removeMemberOnDelete is on: deleting this resource will REMOVE <email> from organization <id>.`',
      setUp: () =>
        upThenAccept(invite({ targetEmail: "arm@example.com", sendEmail: false }), ["arm@example.com"]),
      preview: invite({ targetEmail: "arm@example.com", sendEmail: false, removeMemberOnDelete: true }),
      warning: () => DOCUMENTED_WARNINGS.removalArmed("arm@example.com", org()),
    },
  ],
  [
    "a replacement that removes a member",
    {
      guide: "invites-to-membership.md",
      promise: "a\n  replacement that would remove the member warns again in its preview",
      setUp: () =>
        upThenAccept(
          invite({ targetEmail: "old@example.com", sendEmail: false, removeMemberOnDelete: true }),
          ["old@example.com"],
        ),
      preview: invite({ targetEmail: "new@example.com", sendEmail: false, removeMemberOnDelete: true }),
      warning: () => DOCUMENTED_WARNINGS.replacementRemoves("old@example.com", org()),
    },
  ],
  [
    "a member dropped from a batch",
    {
      guide: "invites-to-membership.md",
      promise:
        "`warning: InviteBatch: <email> will be REMOVED from organization <id> (removeMemberOnDelete is on), not just uninvited.`",
      setUp: () =>
        upThenAccept(
          batch({
            removeMemberOnDelete: true,
            sendEmail: false,
            invites: [{ targetEmail: "stay@example.com" }, { targetEmail: "go@example.com" }],
          }),
          ["go@example.com"],
        ),
      preview: batch({
        removeMemberOnDelete: true,
        sendEmail: false,
        invites: [{ targetEmail: "stay@example.com" }],
      }),
      warning: () => DOCUMENTED_WARNINGS.batchDropsMember("go@example.com", org()),
    },
  ],
  [
    "HTML PostHog will sanitise",
    {
      guide: "what-posthog-stores.md",
      promise:
        'warning: Survey "Onboarding": PostHog sanitises the HTML in questions[0].question and stores it as',
      setUp: async () => stack().newEngine(),
      preview: () => {
        new Survey("onboarding", {
          name: "Onboarding",
          type: "popover",
          questions: [{ type: "open", question: HTML_QUESTION }],
        });
      },
      warning: DOCUMENTED_WARNINGS.sanitisedHtml,
    },
  ],
  [
    "a survey type PostHog no longer offers",
    {
      guide: "what-posthog-stores.md",
      promise: '`type: "button"`, `"email"` and `"full_screen"` pass with a warning',
      setUp: async () => stack().newEngine(),
      preview: () => {
        new Survey("old", { name: "Old button", type: "button" });
      },
      warning: DOCUMENTED_WARNINGS.retiredType,
    },
  ],
];

describe("the warnings the guides promise, at preview", () => {
  it.each(ROWS)("%s", async (_what, row) => {
    expect(guide(row.guide)).toContain(row.promise);
    const engine = await row.setUp();
    expect(await previewWarnings(engine, row.preview)).toEqual([`warning: ${row.warning()}`]);
  });
});
