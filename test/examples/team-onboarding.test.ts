// examples/team-onboarding under the harness against the emulator: an InviteBatch fed from people.yaml.
import fs from "node:fs";
import path from "node:path";
import { parsePeople } from "../../examples/team-onboarding/people";
import {
  destroyAll,
  dump,
  exampleEngine,
  exampleProgram,
  previewUpNoop,
  removeStateDir,
  tempStatePath,
  useStack,
} from "./example-program";
import { REPO_ROOT } from "../support/self-link";

const stack = useStack();

const PROJECT = "posthog-team-onboarding";
const program = exampleProgram("team-onboarding");
const PEOPLE_YAML = path.join(REPO_ROOT, "examples/team-onboarding/people.yaml");

type Invitations = Record<string, { inviteId: string; status: string }>;

describe("examples/team-onboarding", () => {
  it("invites everyone in people.yaml in one bulk request, then shows no change", async () => {
    const people = parsePeople(fs.readFileSync(PEOPLE_YAML, "utf8"));
    expect(people.length).toBeGreaterThanOrEqual(5);
    const engine = exampleEngine(stack, PROJECT);
    const up = await previewUpNoop(stack, engine, program, ["team"]);

    const bulk = up.requests.filter((r) => r.path.endsWith("/invites/bulk/"));
    expect(bulk.map((r) => (r.body as unknown[]).length)).toEqual([people.length]);
    const invites = (await dump(stack)).invites as unknown as {
      target_email: string;
      first_name: string;
      level: number;
    }[];
    const levels: Record<string, number> = { member: 1, admin: 8, owner: 15 };
    expect(invites.map((i) => [i.target_email, i.first_name, i.level]).sort()).toEqual(
      people.map((p) => [p.email, p.name.split(" ")[0], levels[p.level ?? "member"]]).sort(),
    );
    expect(up.outputs.invited).toBe(people.length);
    const invitations = up.outputs.invitations as Invitations;
    expect(Object.keys(invitations).sort()).toEqual(people.map((p) => p.email).sort());
    expect(Object.values(invitations).every((i) => i.status === "pending")).toBe(true);

    await destroyAll(stack, engine);
    expect((await dump(stack)).invites).toEqual([]);
  });

  it("a changed list invites only the new people (in chunks of 20) and withdraws only the removed one", async () => {
    const statePath = tempStatePath();
    const listPath = path.join(path.dirname(statePath), "people.yaml");
    const original = fs.readFileSync(PEOPLE_YAML, "utf8");
    fs.writeFileSync(listPath, original);
    const config = { [`${PROJECT}:peopleFile`]: listPath };
    const engine = exampleEngine(stack, PROJECT, config, statePath);
    expect((await engine.up(program)).errors).toEqual([]);
    const before = await dump(stack);

    const [removed] = parsePeople(original);
    const newcomers = Array.from(
      { length: 21 },
      (_, i) => `- name: New Person${i}\n  email: new${i}@example.com\n`,
    );
    const withoutFirst = original.replace(/^- name: [^\n]+\n {2}email: [^\n]+\n( {2}level: [^\n]+\n)?/m, "");
    fs.writeFileSync(listPath, withoutFirst + newcomers.join(""));

    await stack.clearRequests();
    const up = await exampleEngine(stack, PROJECT, config, statePath).up(program);
    expect(up.errors).toEqual([]);
    expect(up.steps.map((s) => s.op)).toEqual(["update"]);
    const requests = (await stack.requests()).filter((r) => r.method !== "GET");
    expect(
      requests.filter((r) => r.path.endsWith("/bulk/")).map((r) => (r.body as unknown[]).length),
    ).toEqual([20, 1]);
    const deleted = before.invites.find((i) => i.target_email === removed.email)!;
    expect(requests.filter((r) => r.method === "DELETE").map((r) => r.path)).toEqual([
      `/api/organizations/${stack.organizationId}/invites/${deleted.id}/`,
    ]);
    // Everyone else keeps the invite (and the email) they already had.
    const after = await dump(stack);
    for (const invite of before.invites.filter((i) => i.id !== deleted.id)) {
      expect(after.invites.map((i) => i.id)).toContain(invite.id);
    }
    await destroyAll(stack, engine);
    removeStateDir(statePath);
  });

  it("refresh shows who has accepted", async () => {
    const engine = exampleEngine(stack, PROJECT);
    expect((await engine.up(program)).errors).toEqual([]);
    const invite = (await dump(stack)).invites.find((i) => i.target_email === "grace@example.com")!;
    await stack.control("POST", `/invites/${invite.id}/accept`);
    const refresh = await engine.refresh();
    expect(refresh.errors).toEqual([]);
    const [batch] = engine.state();
    expect((batch.outputs.invitations as Invitations)["grace@example.com"].status).toBe("accepted");
    expect((await engine.preview(program)).steps.map((s) => s.op)).toEqual(["same"]);
    await destroyAll(stack, engine);
  });
});

describe("people.yaml, read with the yaml package", () => {
  it("reads the list, quoted or not, with comments", () => {
    const text =
      "# team\n- name: Ada Lovelace\n  email: ada@example.com # lead\n  level: admin\n\n- name: \"Bo\"\n  email: 'bo@example.com'\n";
    expect(parsePeople(text)).toEqual([
      { name: "Ada Lovelace", email: "ada@example.com", level: "admin" },
      { name: "Bo", email: "bo@example.com" },
    ]);
  });

  it("reads YAML a hand-written parser would not: flow maps, block scalars, anchors", () => {
    const text = [
      "- {name: Ada Lovelace, email: ada@example.com, level: admin}",
      "- name: >-",
      "    Grace",
      "    Hopper",
      "  email: grace@example.com",
      "  level: &lead admin",
      "- name: Alan Turing",
      "  email: alan@example.com",
      "  level: *lead",
      "",
    ].join("\n");
    expect(parsePeople(text)).toEqual([
      { name: "Ada Lovelace", email: "ada@example.com", level: "admin" },
      { name: "Grace Hopper", email: "grace@example.com", level: "admin" },
      { name: "Alan Turing", email: "alan@example.com", level: "admin" },
    ]);
  });

  it("reads an empty file as nobody", () => {
    expect(parsePeople("# nobody yet\n")).toEqual([]);
  });

  it.each([
    ["name: Ada\n", 'people.yaml:1: expected a list of people, each starting with "- name: ..."'],
    ["- name: Ada\n  name: Bob\n", "people.yaml:2: Map keys must be unique at line 2, column 3:"],
    ["- name: Ada\n  email: [a@example.com\n", "people.yaml:3: Flow sequence in block collection must be"],
    [
      "- Ada Lovelace\n",
      'people.yaml:1: person 1: expected "name:", "email:" and optionally "level:" under the "- "',
    ],
    [
      "- name: Ada\n  email: a@example.com\n- name: Bo\n  email: not-an-email\n",
      'people.yaml:3: person 2: "not-an-email" is not an email address',
    ],
    ["- email: a@example.com\n", "people.yaml:1: person 1: name is missing"],
    ["- name: 42\n  email: a@example.com\n", "people.yaml:1: person 1: name must be text, got 42"],
    [
      "- name: Ada\n  email: a@example.com\n  level: boss\n",
      "people.yaml:1: person 1: level must be member, admin or owner",
    ],
    [
      "- name: Ada\n  email: a@example.com\n  team:\n    - x\n",
      "people.yaml:1: person 1: unknown key(s) team (use name, email, level)",
    ],
  ])("rejects %j", (text, message) => {
    expect(() => parsePeople(text)).toThrow(message);
  });
});
