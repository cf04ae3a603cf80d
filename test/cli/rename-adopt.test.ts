// A resource renamed, through the real `pulumi` CLI, on both faces (docs/contributing/interrupted-runs.md, "Adoption
// and import claim…"). Renamed with an alias, nothing is sent. Renamed without one, the up is refused and the
// message names the alias first, then `adopt` (and `pulumi import` on the plugin face). Following it, the same up
// (adopt) or the next (import) keeps the object: the old name's delete leaves it in PostHog with a warning naming
// the new name, PostHog receives no DELETE and no second POST, and the new name holds the id. The emulator's objects
// and requests after each step go to .tmp/rename-adopt/<face>.txt.
import fs from "node:fs";
import path from "node:path";
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

const EMAIL = "renamed@example.com";
const SURVEY = "Renamed: NPS";
const QUESTIONS = [{ type: "open", question: "How likely are you to recommend us?" }];

interface PostHogState {
  surveys: { id: string; name: string }[];
  invites: { id: string; target_email: string }[];
}

interface Checkpoint {
  deployment: { resources?: { type: string; urn: string; id?: string }[] };
}

/** One face: its CLI, the emulator, and how it writes the program with the given resource names and options. */
interface Face {
  label: string;
  run(...args: string[]): Promise<CliRun>;
  url: string;
  apiKey: string;
  program(names: { survey: string; invite: string }, opts?: { aliases?: string; adopt?: string }): void;
  /** The environment of the face's CLI runs (dynamic: the rename said with POSTHOG_ADOPT_FROM_THIS_STACK). */
  env?: NodeJS.ProcessEnv;
}

const TRANSCRIPTS = path.join(REPO_ROOT, ".tmp", "rename-adopt");

async function control<T>(face: Face, method: string, route: string): Promise<T> {
  return (await emulatorCall(face.url, face.apiKey, method, `/_emulator${route}`)).body as T;
}

const outputOf = (run: Promise<CliRun>) =>
  run.then(
    (done) => ({ ok: true, said: `${done.stdout}\n${done.stderr}` }),
    (error: Error & { stdout?: string; stderr?: string }) => ({
      ok: false,
      said: `${error.stdout ?? ""}\n${error.stderr ?? ""}`,
    }),
  );

/** Each resource's name and the id it holds, from the stack's checkpoint. */
async function held(face: Face): Promise<string[]> {
  const state = JSON.parse((await face.run("stack", "export")).stdout) as Checkpoint;
  return (state.deployment.resources ?? [])
    .filter((r) => /Survey$|Invite$/.test(r.type) && r.id)
    .map((r) => `${r.urn.split("::").pop()} ${String(r.id)}`)
    .sort();
}

const isWrite = (r: LoggedRequest) => r.method !== "GET";

async function renameAndAdopt(face: Face): Promise<void> {
  const transcript: string[] = [];
  const snapshot = async (title: string) => {
    const state = await control<PostHogState>(face, "GET", "/state");
    const { requests } = await control<{ requests: LoggedRequest[] }>(face, "GET", "/requests");
    await control(face, "DELETE", "/requests");
    const invitePosts = requests.filter((r) => r.method === "POST" && /\/invites\/?$/.test(r.path));
    transcript.push(
      `## ${title}`,
      `surveys: ${JSON.stringify(state.surveys.map((s) => [s.name, s.id]))}`,
      `invites: ${JSON.stringify(state.invites.map((i) => [i.target_email, i.id]))}`,
      `invite POSTs for ${EMAIL}: ${invitePosts.length}`,
      `DELETEs: ${JSON.stringify(requests.filter((r) => r.method === "DELETE").map((r) => `${r.path} ${r.status}`))}`,
      `stack holds: ${JSON.stringify(await held(face))}`,
      "writes:",
      ...requests.filter(isWrite).map((r) => `  ${r.method} ${r.path} ${r.status}`),
      "",
    );
    return { state, requests };
  };
  const record = (command: string, said: string) => transcript.push(`$ ${command}`, said.trim(), "");
  try {
    face.program({ survey: "nps", invite: "newcomer" });
    await face.run("up", "--yes", "--skip-preview");
    const first = await snapshot("up: nps and newcomer");
    const [surveyId] = first.state.surveys.map((s) => s.id);
    const [inviteId] = first.state.invites.map((i) => i.id);
    expect(first.requests.filter((r) => r.method === "POST").map((r) => r.status)).toEqual([201, 201]);

    // Sanity: renamed with an alias, nothing is sent.
    face.program({ survey: "nps-aliased", invite: "newcomer-aliased" }, { aliases: "nps|newcomer" });
    const aliased = await outputOf(face.run("up", "--yes", "--skip-preview"));
    record("pulumi up (renamed, with aliases)", aliased.said);
    const afterAlias = await snapshot("up: renamed with aliases");
    const heldAfterAlias = await held(face);

    // Renamed without an alias: refused (the engine starts no step after the first failure, so maybe one create).
    face.program({ survey: "nps-renamed", invite: "newcomer-renamed" });
    const refused = await outputOf(face.run("up", "--yes", "--skip-preview"));
    record("pulumi up (renamed, no alias)", refused.said);
    const afterRefusal = await snapshot("up: renamed without an alias (refused)");

    // Following the advice: adopt (dynamic), or pulumi import then up (plugin).
    let followed: { ok: boolean; said: string };
    if (face.label === "dynamic") {
      face.program({ survey: "nps-renamed", invite: "newcomer-renamed" }, { adopt: surveyId });
      // The survey's question ids say this stack made it: the adopt of a rename is said (sibling.ts).
      if (face.env) face.env.POSTHOG_ADOPT_FROM_THIS_STACK = surveyId;
      followed = await outputOf(face.run("up", "--yes", "--skip-preview"));
      if (face.env) delete face.env.POSTHOG_ADOPT_FROM_THIS_STACK;
      record(`POSTHOG_ADOPT_FROM_THIS_STACK=${surveyId} pulumi up (adopt)`, followed.said);
    } else {
      for (const [token, name, id] of [
        [RESOURCE_TOKENS.Survey, "nps-renamed", surveyId],
        [RESOURCE_TOKENS.Invite, "newcomer-renamed", inviteId],
      ]) {
        const imported = await outputOf(face.run("import", token, name, id, "--yes", "--protect=false"));
        record(`pulumi import ${token} ${name} ${id}`, imported.said);
      }
      await snapshot("pulumi import of both");
      followed = await outputOf(face.run("up", "--yes", "--skip-preview"));
      record("pulumi up (after the imports)", followed.said);
    }
    const end = await snapshot("after following the advice");
    const heldAtEnd = await held(face);

    // Renamed again without an alias, and the run told to go on after errors: the engine then deletes the old
    // names at the end of the run. Those deletes fail: the objects stay in PostHog and the old names in the stack.
    face.program({ survey: "nps-third", invite: "newcomer-third" });
    const continued = await outputOf(face.run("up", "--yes", "--skip-preview", "--continue-on-error"));
    record("pulumi up --continue-on-error (renamed again, no alias)", continued.said);
    const afterContinued = await snapshot("up --continue-on-error: renamed again without an alias (refused)");
    const heldAfterContinued = await held(face);

    expect(aliased.ok).toBe(true);
    expect(afterAlias.requests.filter(isWrite)).toEqual([]);
    expect(heldAfterAlias).toEqual([`newcomer-aliased ${inviteId}`, `nps-aliased ${surveyId}`].sort());

    // The refusal: nothing written but a survey POST PostHog refused for the name; aliases named first.
    expect(refused.ok).toBe(false);
    for (const write of afterRefusal.requests.filter(isWrite))
      expect(`${write.method} ${write.status}`).toBe("POST 400");
    const said = continued.said.replace(/\s+/g, " ");
    expect(said).toContain(`Survey ${surveyId} holds the name`);
    expect(said).toContain(`already has a pending invite for ${EMAIL} (invite ${inviteId}`);
    const aliasAt = said.indexOf("declare its old name as an alias");
    expect(aliasAt).toBeGreaterThan(0);
    expect(aliasAt).toBeLessThan(said.indexOf(`adopt: {id: "${surveyId}"}`));
    const holder =
      face.label === "dynamic"
        ? "(urn:pulumi:dev::rename-adopt::pulumi-nodejs:dynamic/posthog:Survey::nps-renamed) of this stack adopted or imported it in this run."
        : `(urn:pulumi:dev::rename-adopt::${RESOURCE_TOKENS.Survey}::nps-renamed) of this stack holds it in this run.`;
    if (face.label === "dynamic") {
      expect(said).toContain('{ aliases: [{ name: "<old name>" }] }');
      expect(said).not.toContain("pulumi import");
    } else {
      expect(said).toContain(
        `options: {aliases: ["urn:pulumi:dev::rename-adopt::${RESOURCE_TOKENS.Survey}::<old name>"]}`,
      );
      expect(said).toContain(`pulumi import ${RESOURCE_TOKENS.Survey} nps-third ${surveyId}`);
      expect(said).toContain(`pulumi import ${RESOURCE_TOKENS.Invite} newcomer-third ${inviteId}`);
    }

    // Following it: no DELETE, no second invitation; the new names hold the same ids; a warning names the holder.
    expect(followed.ok).toBe(true);
    expect(followed.said.replace(/\s+/g, " ")).toContain(
      `not deleting survey ${surveyId}: resource "nps-renamed" ${holder}`,
    );
    expect(end.requests.filter((r) => r.method === "DELETE")).toEqual([]);
    expect(end.requests.filter((r) => r.method === "POST")).toEqual([]);
    expect(end.state.surveys.map((s) => s.id)).toEqual([surveyId]);
    expect(end.state.invites.map((i) => i.id)).toEqual([inviteId]);
    expect(heldAtEnd).toEqual([`newcomer-renamed ${inviteId}`, `nps-renamed ${surveyId}`].sort());

    // --continue-on-error: the old names' deletes failed, naming the refused resource; nothing deleted.
    expect(continued.ok).toBe(false);
    expect(said).toContain(
      `not deleting survey ${surveyId}: in this run the create of resource "nps-third" (urn:pulumi:dev::rename-adopt::`,
    );
    expect(said).toContain(
      `not deleting invite ${inviteId}: in this run the create of resource "newcomer-third"`,
    );
    expect(afterContinued.requests.filter(isWrite).map((r) => `${r.method} ${r.status}`)).toEqual([
      "POST 400",
    ]);
    expect(heldAfterContinued).toEqual(heldAtEnd);

    if (face.label === "dynamic")
      face.program({ survey: "nps-renamed", invite: "newcomer-renamed" }, { adopt: surveyId });
    else face.program({ survey: "nps-renamed", invite: "newcomer-renamed" });
    await face.run("preview", "--expect-no-changes");
    await face.run("destroy", "--yes", "--skip-preview");
    const destroyed = await snapshot("destroy");
    expect(destroyed.requests.filter((r) => r.method === "DELETE").map((r) => r.status)).toEqual([204, 204]);
  } finally {
    fs.mkdirSync(TRANSCRIPTS, { recursive: true });
    fs.writeFileSync(path.join(TRANSCRIPTS, `${face.label}.txt`), transcript.join("\n"));
    console.log(`${face.label}:\n${transcript.join("\n")}`);
  }
}

/** The dynamic face's program: a Survey and an Invite, with the aliases (old names `survey|invite`) or adopt. */
function dynamicProgram(
  names: { survey: string; invite: string },
  opts: { aliases?: string; adopt?: string },
): string {
  const [oldSurvey, oldInvite] = opts.aliases?.split("|") ?? [];
  const alias = (old: string | undefined) => (old ? `, { aliases: [{ name: ${JSON.stringify(old)} }] }` : "");
  const survey = {
    name: SURVEY,
    type: "popover",
    questions: QUESTIONS,
    ...(opts.adopt ? { adopt: { id: opts.adopt } } : {}),
  };
  const invite = { targetEmail: EMAIL, level: "member", ...(opts.adopt ? { adopt: true } : {}) };
  return [
    'const posthog = require("pulumi-posthog");',
    `new posthog.Survey(${JSON.stringify(names.survey)}, ${JSON.stringify(survey)}${alias(oldSurvey)});`,
    `new posthog.Invite(${JSON.stringify(names.invite)}, ${JSON.stringify(invite)}${alias(oldInvite)});`,
    "",
  ].join("\n");
}

describe("a resource renamed, through the real Pulumi CLI", () => {
  withCli(
    "dynamic providers (JavaScript program): an alias sends nothing; adopt after a refused rename deletes nothing",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      await inCliStack(
        pulumi,
        { files: { "Pulumi.yaml": "name: rename-adopt\nruntime: nodejs\nmain: index.js\n" } },
        async (stack) => {
          await renameAndAdopt({
            label: "dynamic",
            run: (...args) => stack.cli(...args),
            env: stack.env,
            url: stack.url,
            apiKey: stack.apiKey,
            program: (names, opts = {}) =>
              fs.writeFileSync(path.join(stack.dir, "index.js"), dynamicProgram(names, opts)),
          });
        },
      );
    },
    1_800_000,
  );

  withCli(
    "plugin (YAML program): an alias sends nothing; pulumi import after a refused rename, then up, deletes nothing",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      await inInstalledProgram(pulumi, async (program) => {
        const { dir, emulator, cli } = program;
        await yamlPluginStack(program, "name: rename-adopt\nruntime: yaml\n");
        const project = readProject(dir);
        await renameAndAdopt({
          label: "plugin-yaml",
          run: (...args) => cli(...args),
          url: emulator.url,
          apiKey: emulator.apiKey,
          program: (names, opts = {}) => {
            const [oldSurvey, oldInvite] = opts.aliases?.split("|") ?? [];
            // pulumi-yaml 1.25 takes aliases as URNs only.
            const alias = (type: string, old: string | undefined) =>
              old ? { options: { aliases: [`urn:pulumi:dev::rename-adopt::${type}::${old}`] } } : {};
            writeProject(dir, {
              ...project,
              resources: {
                [names.survey]: {
                  type: RESOURCE_TOKENS.Survey,
                  properties: { name: SURVEY, type: "popover", questions: QUESTIONS },
                  ...alias(RESOURCE_TOKENS.Survey, oldSurvey),
                },
                [names.invite]: {
                  type: RESOURCE_TOKENS.Invite,
                  properties: { targetEmail: EMAIL, level: "member" },
                  ...alias(RESOURCE_TOKENS.Invite, oldInvite),
                },
              },
            });
          },
        });
      });
    },
    1_800_000,
  );
});
