// The three resource types as the fault matrix drives them: a program per version (1 = created, 2 = updated,
// 0 = removed), the request each operation sends that a fault is aimed at, and the check that the emulator holds
// exactly what was declared and the engine's state points at it.
import { Invite, InviteBatch, Survey } from "../../src";
import type { Engine, Program } from "../support/engine";
import type { ReliabilityStack } from "./helpers";

export type Op = "create" | "read" | "update" | "delete";
export type Version = 0 | 1 | 2;
export type Method = "GET" | "POST" | "PATCH" | "DELETE";

export interface Target {
  method: Method;
  /** A regex over the request path (emulator fault syntax). */
  path: string;
  /** What the request is, for the summary. */
  what: string;
}

export interface Subject {
  type: "Survey" | "Invite" | "InviteBatch";
  targets: Record<Op, Target>;
  program(slug: string, version: Version): Program;
  /** Pulumi's name for the resource (the end of its URN). */
  resourceName(slug: string): string;
  /** Text a failure must contain to name the resource to a person. */
  label(slug: string): string;
  verify(rs: ReliabilityStack, engine: Engine, slug: string, version: Version): Promise<void>;
}

const SURVEY_BY_ID = "/surveys/[^/]+/?$";
const INVITE_BY_ID = "/invites/(?!bulk)[^/]+/?$";

export const survey: Subject = {
  type: "Survey",
  targets: {
    create: { method: "POST", path: "/surveys/?$", what: "POST /surveys/" },
    read: { method: "GET", path: SURVEY_BY_ID, what: "GET /surveys/:id/" },
    update: { method: "PATCH", path: SURVEY_BY_ID, what: "PATCH /surveys/:id/" },
    delete: { method: "DELETE", path: SURVEY_BY_ID, what: "DELETE /surveys/:id/" },
  },
  resourceName: (s) => `survey-${s}`,
  label: (s) => `Survey "matrix ${s}"`,
  program: (s, version) => () => {
    if (version === 0) return;
    new Survey(`survey-${s}`, {
      name: `matrix ${s}`,
      description: `v${version}`,
      type: "popover",
      questions: [{ type: "open", question: "Anything else?" }],
    });
  },
  async verify(rs, engine, s, version) {
    const { surveys } = await rs.emulatorState();
    const state = engine.state();
    if (version === 0) {
      expect({ emulator: surveys, state }).toEqual({ emulator: [], state: [] });
      return;
    }
    expect(surveys.map((x) => [x.name, x.description])).toEqual([[`matrix ${s}`, `v${version}`]]);
    expect(state.map((r) => [r.id, r.outputs.surveyId, r.outputs.description, r.initErrors])).toEqual([
      [surveys[0].id, surveys[0].id, `v${version}`, undefined],
    ]);
  },
};

const inviteEmail = (s: string) => `invite-${s}@example.com`;

export const invite: Subject = {
  type: "Invite",
  targets: {
    create: { method: "POST", path: "/invites/?$", what: "POST /invites/" },
    read: { method: "GET", path: "/invites/?$", what: "GET /invites/ (listing)" },
    // Invites have no PATCH: changing the first name sends a new invite in place of the old one, so the update's
    // request is a POST (the resource keeps its id; `inviteId` follows the new invite).
    update: { method: "POST", path: "/invites/?$", what: "POST /invites/ (re-invite)" },
    delete: { method: "DELETE", path: INVITE_BY_ID, what: "DELETE /invites/:id/" },
  },
  resourceName: (s) => `invite-${s}`,
  label: (s) => `Invite "${inviteEmail(s)}"`,
  program: (s, version) => () => {
    if (version === 0) return;
    new Invite(`invite-${s}`, {
      targetEmail: inviteEmail(s),
      firstName: version === 1 ? "One" : "Two",
      sendEmail: false,
    });
  },
  async verify(rs, engine, s, version) {
    const { invites } = await rs.emulatorState();
    const state = engine.state();
    if (version === 0) {
      expect({ emulator: invites, state }).toEqual({ emulator: [], state: [] });
      return;
    }
    const first = version === 1 ? "One" : "Two";
    expect(invites.map((i) => [i.target_email, i.first_name])).toEqual([[inviteEmail(s), first]]);
    expect(
      state.map((r) => [r.outputs.inviteId, r.outputs.firstName, r.outputs.status, r.initErrors]),
    ).toEqual([[invites[0].id, first, "pending", undefined]]);
  },
};

const batchPeople = (s: string, version: Version) =>
  (version === 1 ? ["a", "b"] : ["a", "c"]).map((p) => `${p}-${s}@example.com`);

export const batch: Subject = {
  type: "InviteBatch",
  targets: {
    create: { method: "POST", path: "/invites/bulk/?$", what: "POST /invites/bulk/" },
    read: { method: "GET", path: "/invites/?$", what: "GET /invites/ (listing)" },
    // Version 2 drops b (a DELETE) and adds c (a bulk POST): the fault hits the add.
    update: { method: "POST", path: "/invites/bulk/?$", what: "POST /invites/bulk/ (adding a person)" },
    delete: { method: "DELETE", path: INVITE_BY_ID, what: "DELETE /invites/:id/ (one person)" },
  },
  resourceName: (s) => `batch-${s}`,
  label: () => "InviteBatch",
  program: (s, version) => () => {
    if (version === 0) return;
    new InviteBatch(`batch-${s}`, {
      invites: batchPeople(s, version).map((targetEmail) => ({ targetEmail })),
      sendEmail: false,
    });
  },
  async verify(rs, engine, s, version) {
    const { invites } = await rs.emulatorState();
    const state = engine.state();
    if (version === 0) {
      expect({ emulator: invites, state }).toEqual({ emulator: [], state: [] });
      return;
    }
    const people = batchPeople(s, version);
    expect(invites.map((i) => i.target_email).sort()).toEqual(people);
    expect(state).toHaveLength(1);
    expect(state[0].initErrors).toBeUndefined();
    const outputs = state[0].outputs as {
      invites: { targetEmail: string }[];
      invitations: Record<string, { inviteId: string; status: string }>;
    };
    expect(outputs.invites.map((p) => p.targetEmail)).toEqual(people);
    const byEmail = Object.fromEntries(invites.map((i) => [i.target_email, i.id]));
    expect(Object.entries(outputs.invitations).map(([email, i]) => [email, i.inviteId, i.status])).toEqual(
      people.map((email) => [email, byEmail[email], "pending"]),
    );
  },
};
