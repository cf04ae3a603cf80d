// The TypeScript examples through the real `pulumi` CLI against the emulator (the packed package installed into
// the program's folder): preview, up, a no-op preview (--expect-no-changes), an edit and up, refresh, destroy,
// with the requests PostHog received at each step. Then the same lifecycle through the engine harness on the same
// emulator, reset in between: the two tables must agree row by row. A difference is a harness bug (the CLI is
// the reference); docs/contributing/engine-cross-check.md holds the table and what each difference was.
import fs from "node:fs";
import path from "node:path";
import { inCliStack } from "./program-folder";
import {
  type ExampleLifecycle,
  type RequestTable,
  runCliLifecycle,
  runHarnessLifecycle,
  sideBySide,
} from "./lifecycle";
import { requirePulumiCli } from "../support/pulumi-cli";
import { REPO_ROOT } from "../support/self-link";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

/** Where the side-by-side tables are written for the doc (not committed). */
const TABLE_DIR = path.join(REPO_ROOT, ".tmp", "engine-cross-check");

const PEOPLE_EDITED = [
  "- name: Ada Lovelace",
  "  email: ada@example.com",
  "  level: admin",
  "- name: Grace Hopper",
  "  email: grace@example.com",
  "- name: Alan Turing",
  "  email: alan@example.com",
  "- name: Katherine Johnson",
  "  email: katherine@example.com",
  "  level: member",
  "- name: Edsger Dijkstra",
  "  email: edsger@example.com",
  "- name: Barbara Liskov",
  "  email: barbara@example.com",
  "",
].join("\n");

const EXAMPLES: ExampleLifecycle[] = [
  {
    example: "quickstart",
    config: {},
    // The two edits its comments suggest: the survey updated in place, the invite sent again at the new level.
    edit: { surveyDescription: "Three quick questions", inviteLevel: "admin" },
  },
  {
    example: "nps-program",
    config: { linkedFlagKey: "new-dashboard" },
    // Unlink the feature survey from its flag.
    edit: { linkedFlagKey: undefined },
    seed: async (stack, api) => {
      await api("POST", `/api/projects/${stack.projectId}/feature_flags/`, {
        key: "new-dashboard",
        name: "New dashboard",
        filters: { groups: [{ properties: [], rollout_percentage: 100 }] },
        active: true,
      });
    },
  },
  {
    example: "team-onboarding",
    config: {},
    // Margaret leaves the list, Barbara joins it.
    edit: { peopleFile: "{dir}/people-edited.yaml" },
    files: { "people-edited.yaml": PEOPLE_EDITED },
  },
];

const writes = (rows: string[]) => rows.filter((r) => !r.startsWith("GET "));

describe("the TypeScript examples through the real Pulumi CLI, and the engine harness against it", () => {
  for (const life of EXAMPLES) {
    withCli(
      `${life.example}: preview, up, no-op, edit + up, refresh, destroy; the harness sends the same requests`,
      async () => {
        if (!pulumi) throw new Error("runs only with a pulumi CLI");
        await inCliStack(pulumi, { example: life.example }, async (stack) => {
          const cli = await runCliLifecycle(stack, life);
          const t: RequestTable = cli.table;
          // What a user notices through the CLI: the previews write nothing, up creates, the no-op preview passed
          // --expect-no-changes (it would have thrown) and sends no write, destroy leaves PostHog empty.
          expect(writes(t.preview)).toEqual([]);
          expect(writes(t.up).length).toBeGreaterThan(0);
          expect(writes(t.up).every((r) => r.startsWith("POST "))).toBe(true);
          expect(writes(t["no-op preview"])).toEqual([]);
          expect(writes(t["edit, up"]).length).toBeGreaterThan(0);
          expect(writes(t.refresh)).toEqual([]);
          expect(writes(t.destroy).every((r) => r.startsWith("DELETE "))).toBe(true);
          const state = await stack.control<{ surveys: unknown[]; invites: unknown[] }>("GET", "/state");
          expect([state.surveys, state.invites]).toEqual([[], []]);
          expect(cli.output.destroy).toMatch(/Resources:\s*\n\s*- \d+ deleted/);

          // The harness on the same emulator, from nothing again.
          await stack.control("POST", "/reset");
          const harness = await runHarnessLifecycle(stack, life);
          fs.mkdirSync(TABLE_DIR, { recursive: true });
          fs.writeFileSync(
            path.join(TABLE_DIR, `${life.example}.md`),
            `${sideBySide(life.example, cli.table, harness.table)}\n`,
          );
          for (const [step, result] of Object.entries(harness.results)) {
            expect([step, result.errors]).toEqual([step, []]);
          }
          expect(harness.table).toEqual(cli.table);
        });
      },
      1_800_000,
    );
  }
});
