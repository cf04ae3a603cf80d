// Test controls under /_emulator/ (contract: reset, requests, clock, faults, rate-limit, keys, members,
// accept invite, survey responses, stored survey fields, projects, state, latency, rollouts; org-controls.ts
// adds member levels, settings, project access and other organizations). Admin key only; never faulted or logged.
import { randomBytes } from "node:crypto";
import { checkAdmin, hashKey } from "../core/auth";
import { canonicalUuid, created, ok, type Result } from "../core/context";
import { parseDateTime } from "../core/dates";
import type { Emulator } from "../core/emulator";
import { methodNotAllowed, notFound, validationError } from "../core/errors";
import { fullFlag } from "../feature-flags/flags";
import { emailField, intField, choiceField } from "../core/fields";
import { useInvite } from "../organization/invite-save";
import { inviteShape } from "../organization/invites";
import { addMember, memberShape } from "../organization/members";
import { projectShape } from "../projects/projects";
import { parseRateLimitControl } from "../core/rate-limit";
import { clone, isObject } from "../core/json";
import { recordResponses } from "../surveys/responses";
import type { ApiRequest } from "../core/request";
import { LEVELS, MEMBER_LEVEL } from "../organization/org-access";
import { ORG_CONTROLS, resetOrg } from "./org-controls";
import { COHORT_CONTROLS } from "../analytics/cohorts";
import { adminUserId, newProject } from "../core/state";
import { body, field, type Control, type ControlRoute } from "./control-kit";
import { surveyReadShape } from "../surveys/surveys";

const reset: Control = (em) => {
  const d = em.store.data;
  d.surveys = [];
  d.flags = [];
  d.invites = [];
  d.responses = {};
  d.response_archives = [];
  d.actions = [];
  d.insights = [];
  d.cohorts = [];
  d.keys = [];
  resetOrg(em);
  d.projects = d.projects.slice(0, 1);
  em.faults.clear();
  em.limiter.configure(null);
  em.latencyMs = 0;
  // A request still waiting out a latency is the previous test's: dropped, never logged in the next one.
  em.endWaits();
  em.rollouts.enforceFlagWriteScope = false;
  em.clearLog();
  em.clock.offsetMs = em.initialOffsetMs;
  return ok({ ok: true });
};

const getRequests: Control = (em) => ok({ requests: em.log });
const clearRequests: Control = (em) => {
  em.clearLog();
  return ok({ ok: true });
};

const getClock: Control = (em) => ok({ now: em.clock.nowIso() });
const setClock: Control = (em, req) => {
  const b = body(req);
  if (b.now !== undefined) {
    const parsed = typeof b.now === "string" ? parseDateTime(b.now) : undefined;
    if (!parsed) throw validationError("invalid", "now must be an ISO 8601 date-time", "now");
    em.clock.set(parsed);
  }
  if (b.advanceSeconds !== undefined) {
    if (typeof b.advanceSeconds !== "number" || !Number.isFinite(b.advanceSeconds)) {
      throw validationError("invalid", "advanceSeconds must be a number", "advanceSeconds");
    }
    em.clock.advance(b.advanceSeconds);
  }
  return ok({ now: em.clock.nowIso() });
};

const setFaults: Control = (em, req) => {
  const raw = req.json();
  // The contract's {faults: [...]}; a bare array is accepted too.
  em.faults.set(Array.isArray(raw) ? raw : body(req).faults);
  return ok({ ok: true });
};
const clearFaults: Control = (em) => {
  em.faults.clear();
  return ok({ ok: true });
};

const setRateLimit: Control = (em, req) => {
  const rates = parseRateLimitControl(
    body(req),
    (raw, at) => {
      if (!isObject(raw)) throw validationError("invalid", "each window must be an object", at || null);
      const attr = (name: string) => (at ? `${at}__${name}` : name);
      const limit = field(attr("limit"), () => intField(raw.limit, { min: 1 }));
      const windowMs = field(attr("windowMs"), () => intField(raw.windowMs, { min: 1 }));
      return { limit, windowMs };
    },
    (detail, attr) => validationError("invalid", detail, attr),
  );
  em.limiter.configure(rates);
  if (rates === null) return ok({ ok: true, limit: null, windows: null });
  return ok({ ok: true, ...(rates.length === 1 ? rates[0] : {}), windows: rates });
};

/** Extension: `email` makes the key belong to that member instead of the owner (for level checks). */
const createKey: Control = (em, req) => {
  const b = body(req);
  const sent = b.scopes;
  const scopes = Array.isArray(sent) ? sent.flatMap((s) => (typeof s === "string" ? [s] : [])) : [];
  if (!Array.isArray(sent) || scopes.length !== sent.length) {
    throw validationError("invalid", "scopes must be a list of strings", "scopes");
  }
  let userId = adminUserId(em.store.data);
  if (b.email !== undefined) {
    const member = typeof b.email === "string" ? em.store.memberByEmail(b.email) : undefined;
    if (!member) throw validationError("invalid", "no member with this email", "email");
    userId = member.user_id;
  }
  const key = `phx_${randomBytes(24).toString("hex")}`;
  em.store.data.keys.push({ hash: hashKey(key), scopes, user_id: userId });
  return created({ key });
};

const createMember: Control = (em, req) => {
  const b = body(req);
  const email = field("email", () => emailField(b.email));
  const level = field("level", () => (b.level === undefined ? MEMBER_LEVEL : choiceField(b.level, LEVELS)));
  if (em.store.memberByEmail(email)) {
    throw validationError("invalid", "A user with this email address already belongs to the organization.");
  }
  const firstName = typeof b.first_name === "string" ? b.first_name : "";
  const member = addMember(em, email, firstName, level);
  if (b.is_active === false) {
    const user = em.store.user(member.user_id);
    if (user) user.is_active = false;
  }
  return created(memberShape(em, member));
};

/** The invitee signs up: becomes a member, and every invite for that email in the org is deleted. */
const acceptInvite: Control = (em, _req, rawId) => {
  const id = canonicalUuid(rawId);
  const invite = em.store.data.invites.find((i) => i.id === id);
  if (!invite) throw notFound();
  return ok(memberShape(em, useInvite(em, invite)));
};

const addResponses: Control = (em, req, rawId) => {
  const id = canonicalUuid(rawId);
  const survey = id === undefined ? undefined : em.store.survey(id);
  if (!survey) throw notFound();
  const count = field("count", () => intField(body(req).count, { min: -2147483648 }));
  const raw = body(req).archived;
  const archived = raw === undefined ? undefined : field("archived", () => intField(raw, { min: 0 }));
  return ok(recordResponses(em.store, survey, count, archived));
};

/**
 * Writes stored survey fields directly, bypassing validation, as PostHog's own tests do through the ORM
 * (legacy translation keys, questions without ids, a current_iteration advanced by the periodic task).
 */
const writeStoredSurvey: Control = (em, req, rawId) => {
  const id = canonicalUuid(rawId);
  const survey = id === undefined ? undefined : em.store.survey(id);
  if (!survey) throw notFound();
  const b = body(req);
  if (b.questions !== undefined) survey.questions = clone(b.questions);
  if (b.translations !== undefined) survey.translations = clone(b.translations);
  if (b.current_iteration !== undefined) {
    survey.current_iteration = field("current_iteration", () =>
      intField(b.current_iteration, { allowNull: true, min: 0 }),
    );
  }
  return ok(surveyReadShape(em, survey));
};

const createProject: Control = (em, req) => {
  const b = body(req);
  const name = typeof b.name === "string" && b.name.trim() ? b.name : "Another project";
  const d = em.store.data;
  const project = newProject(d.next.project++, name, em.clock.nowMs());
  if (b.private === true) project.private = true;
  d.projects.push(project);
  return created({ id: project.id, name: project.name });
};

const dumpState: Control = (em) => {
  const d = em.store.data;
  return ok({
    organization: { id: d.org.id, name: d.org.name },
    projects: d.projects.map((p) => projectShape(em, p)),
    surveys: [...d.surveys].sort((a, b) => a.seq - b.seq).map((s) => surveyReadShape(em, s)),
    invites: [...d.invites].sort((a, b) => b.seq - a.seq).map((i) => inviteShape(em, i)),
    members: d.members.map((m) => memberShape(em, m)),
    flags: d.flags.map((f) => fullFlag(em, f)),
    responses: Object.fromEntries(Object.entries(d.responses).map(([id, uuids]) => [id, uuids.length])),
  });
};

/** `{enforceFlagWriteScope}`: turn on PostHog behaviour that ships behind a rollout flag. */
const setRollouts: Control = (em, req) => {
  const value = body(req).enforceFlagWriteScope;
  if (value !== undefined) {
    if (typeof value !== "boolean") {
      throw validationError("invalid", "enforceFlagWriteScope must be a boolean", "enforceFlagWriteScope");
    }
    em.rollouts.enforceFlagWriteScope = value;
  }
  return ok({ ...em.rollouts });
};

const setLatency: Control = (em, req) => {
  const ms = field("ms", () => intField(body(req).ms, { min: 0 }));
  em.latencyMs = ms;
  return ok({ ok: true, ms });
};

const CONTROLS: ControlRoute[] = [
  { pattern: /^\/_emulator\/reset\/?$/, methods: { POST: reset } },
  { pattern: /^\/_emulator\/requests\/?$/, methods: { GET: getRequests, DELETE: clearRequests } },
  { pattern: /^\/_emulator\/clock\/?$/, methods: { GET: getClock, POST: setClock } },
  { pattern: /^\/_emulator\/faults\/?$/, methods: { POST: setFaults, DELETE: clearFaults } },
  { pattern: /^\/_emulator\/rate-limit\/?$/, methods: { POST: setRateLimit } },
  { pattern: /^\/_emulator\/keys\/?$/, methods: { POST: createKey } },
  { pattern: /^\/_emulator\/members\/?$/, methods: { POST: createMember } },
  { pattern: /^\/_emulator\/invites\/([^/]+)\/accept\/?$/, methods: { POST: acceptInvite } },
  { pattern: /^\/_emulator\/surveys\/([^/]+)\/responses\/?$/, methods: { POST: addResponses } },
  { pattern: /^\/_emulator\/surveys\/([^/]+)\/stored\/?$/, methods: { POST: writeStoredSurvey } },
  { pattern: /^\/_emulator\/projects\/?$/, methods: { POST: createProject } },
  { pattern: /^\/_emulator\/state\/?$/, methods: { GET: dumpState } },
  { pattern: /^\/_emulator\/latency\/?$/, methods: { POST: setLatency } },
  ...ORG_CONTROLS,
  ...COHORT_CONTROLS,
  { pattern: /^\/_emulator\/rollouts\/?$/, methods: { POST: setRollouts } },
];

/** Handles one /_emulator request; state-changing controls are saved to --state like API writes. */
export function runControl(em: Emulator, req: ApiRequest): Result {
  for (const c of CONTROLS) {
    const m = c.pattern.exec(req.path);
    if (!m) continue;
    checkAdmin(em.store, req);
    const control = c.methods[req.method];
    if (!control) throw methodNotAllowed(req.method);
    const result = control(em, req, m[1] ?? "");
    if (req.method !== "GET") em.save();
    return result;
  }
  throw notFound();
}
