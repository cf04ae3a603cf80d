// Interrupted runs through the real `pulumi` CLI (docs/contributing/interrupted-runs.md), on both faces: the
// dynamic providers (a JavaScript program) and the plugin (a YAML program), each declaring 2 surveys and 1 invite.
// `pulumi up` is stopped right after PostHog applied its Nth POST (the emulator applies it and drops the
// connection, `commitThenDrop`): by SIGKILL to the CLI's process tree at each POST index, as a cancelled CI job
// is, and by SIGINT and SIGTERM to the CLI, as Ctrl-C and a runner's stop are. The provider's lookups after the
// dropped POST are held (latency on the listings it searches), so the stop lands while the create is still
// pending: without that hold, a lookup that found the object let the killed run record it before the kill landed,
// and the next `up` printed "3 unchanged" instead of the take-over (issue 37's flake).
//
// Then what the docs tell a user to do: `pulumi cancel` when the run was killed (its lock stays), `pulumi up`; an
// invite the interrupted run sent cannot be proven this stack's (nothing in it can carry a mark), so that `up`
// refuses it naming the invite, and the user sets `adopt: true` and runs `up` again; then
// `pulumi refresh --clear-pending-creates` and a clean `pulumi preview --expect-no-changes`. After each scenario
// PostHog holds each survey once and the invite once, the person was emailed once over all runs, and every object
// in PostHog is in the stack. The table of what happened goes to .tmp/interrupted-runs/<face>.md.
import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";
import { inCliStack, inInstalledProgram, waitFor, type CliRun, type KillableRun } from "./program-folder";
import { requirePulumiCli } from "../support/pulumi-cli";
import { REPO_ROOT } from "../support/self-link";
import { emulatorCall } from "../support/fresh-connection";
import type { LoggedRequest } from "../support/stack";
import { PACKAGE_NAME, RESOURCE_TOKENS } from "../../src/plugin/tokens";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

const EMAIL = "interrupted@example.com";
const SURVEYS = ["Interrupted: NPS", "Interrupted: onboarding"];
const QUESTIONS = ["How likely are you to recommend us?", "How was your first day?"];

/** How long the provider's lookups after the dropped POST are held: the stop lands while they wait. */
const HOLD_MS = 15_000;

interface Scenario {
  signal: "SIGKILL" | "SIGINT" | "SIGTERM";
  /** The POST (1-based, in the order PostHog received them) after which the run is stopped. */
  post: number;
}

const SCENARIOS: Scenario[] = [
  { signal: "SIGKILL", post: 1 },
  { signal: "SIGKILL", post: 2 },
  { signal: "SIGKILL", post: 3 },
  { signal: "SIGINT", post: 2 },
  { signal: "SIGTERM", post: 3 },
];

function dynamicProgram(adopt: boolean): string {
  const survey = (resource: string, i: number) =>
    `new posthog.Survey(${JSON.stringify(resource)}, { name: ${JSON.stringify(SURVEYS[i])}, type: "popover", ` +
    `questions: [{ type: "open", question: ${JSON.stringify(QUESTIONS[i])} }] });`;
  return [
    'const posthog = require("pulumi-posthog");',
    survey("nps", 0),
    survey("onboarding", 1),
    `new posthog.Invite("newcomer", { targetEmail: ${JSON.stringify(EMAIL)}, level: "member"${adopt ? ", adopt: true" : ""} });`,
    "",
  ].join("\n");
}

function yamlProgram(adopt: boolean): string {
  const survey = (i: number) => ({
    type: RESOURCE_TOKENS.Survey,
    properties: { name: SURVEYS[i], type: "popover", questions: [{ type: "open", question: QUESTIONS[i] }] },
  });
  return YAML.stringify({
    name: "interrupted-cli",
    runtime: "yaml",
    resources: {
      nps: survey(0),
      onboarding: survey(1),
      newcomer: {
        type: RESOURCE_TOKENS.Invite,
        properties: { targetEmail: EMAIL, level: "member", ...(adopt ? { adopt: true } : {}) },
      },
    },
  });
}

interface Face {
  label: string;
  /** The program's folder, whose `backend` the CLI writes state to (test/support/pulumi-cli.ts, offlineCliEnv). */
  folder: string;
  url: string;
  apiKey: string;
  initStack(name: string): Promise<void>;
  writeProgram(adopt: boolean): void;
  run(stack: string, ...args: string[]): Promise<CliRun>;
  spawn(stack: string, ...args: string[]): KillableRun;
}

/**
 * The file backend writes a blob's `.attrs` sidecar in place (gocloud.dev blob/fileblob, attrs.go `setAttrs`:
 * `os.Create`, then the JSON), before it renames the blob's temp file over the blob (fileblob.go, `writer.Close`).
 * A SIGKILL between the two leaves the sidecar empty, and every later read of that checkpoint fails with
 * "failed to load checkpoint: EOF", though the checkpoint beside it is whole. The way out, for a user as for this
 * test, is to delete the empty sidecar (docs/contributing/interrupted-runs.md). Answers the files removed.
 */
function removeEmptySidecars(folder: string): string[] {
  const backend = path.join(folder, "backend");
  const empty = fs
    .readdirSync(backend, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".attrs") && fs.statSync(path.join(backend, file)).size === 0);
  for (const file of empty) fs.rmSync(path.join(backend, file));
  return empty.map((file) => path.join("backend", file));
}

interface PostHogState {
  surveys: { id: string; name: string }[];
  invites: { id: string; target_email: string }[];
}

interface Checkpoint {
  deployment: {
    pending_operations?: { type: string; resource: { urn: string } }[];
    resources: { urn: string; id?: string }[];
  };
}

async function control<T>(face: Face, method: string, route: string, body?: unknown): Promise<T> {
  const res = await emulatorCall(face.url, face.apiKey, method, `/_emulator${route}`, body);
  if (res.status >= 400) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

const requests = async (face: Face) =>
  (await control<{ requests: LoggedRequest[] }>(face, "GET", "/requests")).requests;

const posts = (log: LoggedRequest[]) => log.filter((r) => r.method === "POST" && r.status > 0);

/** What a POST was for: the survey's name or the invite's address. */
function postFor(request: LoggedRequest | undefined): string {
  const body = (request?.body ?? {}) as { name?: string; target_email?: string };
  return body.name ? `survey "${body.name}"` : body.target_email ? `invite ${body.target_email}` : "?";
}

const outputOf = (run: Promise<CliRun>) =>
  run.then(
    (done) => ({ ok: true, said: `${done.stdout}\n${done.stderr}` }),
    (error: Error & { stdout?: string; stderr?: string }) => ({
      ok: false,
      said: error.stdout || error.stderr ? `${error.stdout ?? ""}\n${error.stderr ?? ""}` : error.message,
    }),
  );

/** The engine's "Resources:" counts, once. */
const summary = (said: string) =>
  [
    ...new Set((said.match(/^\s+(?:[+~-] \d+ \w+|\d+ unchanged|\d+ errored)$/gm) ?? []).map((l) => l.trim())),
  ].join(", ");

/** The surveys a run says it took over, each once (the engine prints a warning in progress and in diagnostics). */
const takenOver = (said: string) => new Set(said.match(/took over survey [0-9a-f-]{36}/g) ?? []).size;

async function scenario(face: Face, s: Scenario, index: number): Promise<string> {
  const stack = `k${index}`;
  face.writeProgram(false);
  await face.initStack(stack);
  await control(face, "DELETE", "/requests");
  await control(face, "POST", "/faults", {
    faults: [
      { method: "POST", path: "^/api/", skip: s.post - 1, times: 1, commitThenDrop: true },
      // The lookups after a dropped POST: a survey's search by name, and the invite listing after the one each
      // provider process makes before its first invite POST.
      { method: "GET", path: "/surveys/?$", latencyMs: HOLD_MS },
      { method: "GET", path: "/invites/?$", skip: 1, latencyMs: HOLD_MS },
    ],
  });
  const run = face.spawn(stack, "up", "--yes", "--skip-preview");
  const applied = await waitFor(`POST ${s.post} applied`, async () => {
    const sent = posts(await requests(face));
    return sent.length >= s.post ? sent[s.post - 1] : undefined;
  });
  if (s.signal === "SIGKILL") run.kill();
  else run.child.kill(s.signal);
  await control(face, "DELETE", "/faults");
  const code = await run.exited;
  if (s.signal === "SIGKILL") expect(code).toBeNull();
  const sidecars = s.signal === "SIGKILL" ? removeEmptySidecars(face.folder) : [];

  const killed = JSON.parse((await face.run(stack, "stack", "export")).stdout) as Checkpoint;
  const pending = (killed.deployment.pending_operations ?? [])
    .map((op) => op.resource.urn.split("::").pop())
    .sort();
  // A killed run keeps its lock; a run stopped by SIGINT or SIGTERM releases it.
  if (s.signal === "SIGKILL") await face.run(stack, "cancel", "--yes");

  const steps: string[] = sidecars.map((file) => `removed the empty sidecar the kill left (${file})`);
  let next = await outputOf(face.run(stack, "up", "--yes", "--skip-preview"));
  const tookOver = takenOver(next.said);
  steps.push(
    `up: ${next.ok ? "ok" : "failed"} (${summary(next.said)})${tookOver ? `, took over ${tookOver} survey${tookOver > 1 ? "s" : ""}` : ""}`,
  );
  if (!next.ok) {
    // The only refusal an interrupted run of this stack can cause: the invite it sent and did not record.
    expect(next.said).toContain(`already has a pending invite for ${EMAIL}`);
    expect(next.said).toContain("set adopt: true");
    expect(next.said).not.toMatch(/Survey "[^"]+": could not create/);
    face.writeProgram(true);
    next = await outputOf(face.run(stack, "up", "--yes", "--skip-preview"));
    if (!next.ok) throw new Error(`the up after adopt: true failed:\n${next.said}`);
    steps.push(`adopt: true, up: ok (${summary(next.said)})`);
  }
  await face.run(stack, "refresh", "--clear-pending-creates", "--yes", "--skip-preview");
  await face.run(stack, "preview", "--expect-no-changes");

  const held = await control<PostHogState>(face, "GET", "/state");
  for (const name of SURVEYS) expect(held.surveys.filter((x) => x.name === name)).toHaveLength(1);
  expect(held.invites.filter((i) => i.target_email === EMAIL)).toHaveLength(1);
  const log = await requests(face);
  const emails = posts(log).filter(
    (r) => /\/invites\/?$/.test(r.path) && (r.body as { target_email?: string }).target_email === EMAIL,
  ).length;
  expect(emails).toBe(1);
  const after = JSON.parse((await face.run(stack, "stack", "export")).stdout) as Checkpoint;
  expect(after.deployment.pending_operations ?? []).toEqual([]);
  const recorded = new Set(after.deployment.resources.map((r) => r.id));
  // Nothing untracked: every object PostHog holds is in the stack.
  for (const o of [...held.surveys, ...held.invites]) expect(recorded).toContain(o.id);

  await face.run(stack, "destroy", "--yes", "--skip-preview");
  const empty = await control<PostHogState>(face, "GET", "/state");
  expect([empty.surveys, empty.invites]).toEqual([[], []]);
  const surveyPosts = posts(log).filter((r) => /\/surveys\/?$/.test(r.path));
  return (
    `| ${s.signal} | POST ${s.post}: ${postFor(applied)} | ${code === null ? "killed" : `exit ${code}`}; ` +
    `pending: ${pending.join(", ") || "none"} | ${steps.join("; ")} | ${held.surveys.length} | ` +
    `${held.invites.length} | ${surveyPosts.map((r) => r.status).join(" ")} | ${emails} |`
  );
}

async function matrix(face: Face): Promise<void> {
  const rows = [
    "| stop | landed after | the stopped run | next runs | surveys | invites | survey POSTs (status) | invitation emails |",
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const [index, s] of SCENARIOS.entries()) rows.push(await scenario(face, s, index));
  const dir = path.join(REPO_ROOT, ".tmp", "interrupted-runs");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${face.label}.md`), rows.join("\n") + "\n");
}

describe("interrupted runs through the real Pulumi CLI: each POST index, SIGKILL, SIGINT and SIGTERM", () => {
  withCli(
    "dynamic providers (JavaScript program)",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      const files = { "Pulumi.yaml": "name: interrupted-cli\nruntime: nodejs\nmain: index.js\n" };
      await inCliStack(pulumi, { files, init: false }, async (cli) => {
        await matrix({
          label: "dynamic",
          folder: cli.dir,
          url: cli.url,
          apiKey: cli.apiKey,
          initStack: (name) =>
            cli.newStack(name, { ...cli.config, "posthog:apiKey": { secret: cli.apiKey } }),
          writeProgram: (adopt) => fs.writeFileSync(path.join(cli.dir, "index.js"), dynamicProgram(adopt)),
          run: (stack, ...args) => cli.cli(...args, "--stack", stack),
          spawn: (stack, ...args) => cli.spawnCli(...args, "--stack", stack),
        });
      });
    },
    3_600_000,
  );

  withCli(
    "plugin (YAML program)",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      await inInstalledProgram(pulumi, async ({ dir, emulator, cli, spawnCli }) => {
        fs.writeFileSync(path.join(dir, "Pulumi.yaml"), yamlProgram(false));
        await cli("package", "add", path.join(dir, "node_modules", "pulumi-posthog", "plugin"));
        await matrix({
          label: "plugin-yaml",
          folder: dir,
          url: emulator.url,
          apiKey: emulator.apiKey,
          initStack: async (name) => {
            await cli("stack", "init", name);
            const set = (...args: string[]) => cli("config", "set", "--stack", name, ...args);
            await set(`${PACKAGE_NAME}:host`, emulator.url);
            await set("--secret", `${PACKAGE_NAME}:apiKey`, emulator.apiKey);
            await set(`${PACKAGE_NAME}:projectId`, String(emulator.projectId));
            await set(`${PACKAGE_NAME}:organizationId`, emulator.organizationId);
          },
          writeProgram: (adopt) => {
            // `package add` wrote the package's entry into Pulumi.yaml: keep it, change only the resources.
            const file = path.join(dir, "Pulumi.yaml");
            const project = YAML.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
            const program = YAML.parse(yamlProgram(adopt)) as Record<string, unknown>;
            fs.writeFileSync(file, YAML.stringify({ ...project, resources: program.resources }));
          },
          run: (stack, ...args) => cli(...args, "--stack", stack),
          spawn: (stack, ...args) => spawnCli(...args, "--stack", stack),
        });
      });
    },
    3_600_000,
  );
});
