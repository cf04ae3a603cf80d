// The emulator's whole state: plain JSON records, so persistence is a single JSON.stringify.
import { randomBytes, randomUUID } from "node:crypto";
import type { Json, JsonObject } from "./json";
import { OWNER_LEVEL, type ProjectAccessLevel } from "../organization/levels";
import type { RoleAtOrganization } from "../organization/user-profile";
import { fillMissing } from "./serializer";
import { SURVEY_FIELDS, type SurveyRecord } from "../surveys/survey-fields";
import { INVITE_FIELDS, type InviteRecord } from "../organization/invite-fields";
import { FLAG_FIELDS, type FlagRecord } from "../feature-flags/flag-fields";
import { ACTION_FIELDS, type ActionRecord } from "../analytics/action-fields";
import { INSIGHT_FIELDS, type InsightRecord } from "../analytics/insight-fields";

/** The records with a serializer field table are derived from it. */
export type { ActionRecord, FlagRecord, InsightRecord, InviteRecord, SurveyRecord };

export interface OrgRecord {
  id: string;
  name: string;
  slug: string;
  created_at: number;
  /** ORGANIZATION_INVITE_SETTINGS is among the org's features (absent: false) */
  invite_settings_available?: boolean;
  /** Organization.members_can_invite (absent: true, the model default) */
  members_can_invite?: boolean;
}

export interface ProjectRecord {
  id: number;
  uuid: string;
  name: string;
  api_token: string;
  created_at: number;
  /** an access-control row with level "none" makes the project private (absent: open) */
  private?: boolean;
}

/** An access-control row granting one member a level on one project. */
export interface ProjectAccessRecord {
  project_id: number;
  user_id: number;
  level: ProjectAccessLevel;
}

export interface UserRecord {
  id: number;
  uuid: string;
  distinct_id: string;
  first_name: string;
  last_name: string;
  email: string;
  is_email_verified: boolean;
  /** deactivated users are hidden from the member list and their keys fail (absent: true) */
  is_active?: boolean;
  /** the avatar settings as the user saved them, any JSON (absent: null) */
  hedgehog_config?: Json;
  /** absent: null */
  role_at_organization?: RoleAtOrganization | null;
}

export interface MemberRecord {
  id: string;
  user_id: number;
  level: number;
  joined_at: number;
  updated_at: number;
}

/** Extra personal keys are stored as sha256 hashes; only the admin key is kept in clear (it is printed at start). */
export interface KeyRecord {
  hash: string;
  scopes: string[];
  user_id: number;
}

/** A cohort as survey targeting sees it (seeded by a control; there is no cohort API). */
export interface CohortRecord {
  id: number;
  team_id: number;
  name: string;
  filters: JsonObject;
}

export interface ResponseArchiveRecord {
  team_id: number;
  survey_id: string;
  response_uuid: string;
}

export interface StateData {
  format: 1;
  org: OrgRecord;
  projects: ProjectRecord[];
  users: UserRecord[];
  members: MemberRecord[];
  admin_key: string;
  keys: KeyRecord[];
  surveys: SurveyRecord[];
  flags: FlagRecord[];
  invites: InviteRecord[];
  actions: ActionRecord[];
  insights: InsightRecord[];
  /** absent: none */
  cohorts?: CohortRecord[];
  /** survey id -> the uuids of its recorded "survey sent" events, oldest first */
  responses: Record<string, string[]>;
  /** SurveyResponseArchive rows: responses hidden by exclude_archived */
  response_archives: ResponseArchiveRecord[];
  next: { flag: number; user: number; project: number; seq: number; action: number; insight: number };
  clock_offset_ms: number;
  /** is_email_available(): invites made with send_email get emailing_attempt_made (absent: false) */
  email_available?: boolean;
  /** per-member access to private projects */
  project_access?: ProjectAccessRecord[];
  /** ids of organizations that exist but that the emulator's users do not belong to */
  alien_orgs?: string[];
  /** ids of projects in those organizations: taken from the same sequence, so no project of ours has them */
  alien_project_ids?: number[];
}

/** The first user, created with the state, holds the admin key; a reset keeps only it (as owner). */
export function adminUserId(data: StateData): number {
  return data.users[0].id;
}

export function newProject(id: number, name: string, now: number): ProjectRecord {
  return {
    id,
    uuid: randomUUID(),
    name,
    api_token: `phc_${randomBytes(16).toString("hex")}`,
    created_at: now,
  };
}

export function newUser(id: number, email: string, firstName: string, lastName: string): UserRecord {
  const uuid = randomUUID();
  return {
    id,
    uuid,
    distinct_id: randomBytes(16).toString("hex"),
    first_name: firstName,
    last_name: lastName,
    email,
    is_email_verified: true,
  };
}

/** A fresh world: one org, one project (id 1), one owner user holding the admin key. */
export function freshState(adminKey: string, now: number, clockOffsetMs: number): StateData {
  const orgId = randomUUID();
  return {
    format: 1,
    org: { id: orgId, name: "Emulator Org", slug: "emulator-org", created_at: now },
    projects: [newProject(1, "Default project", now)],
    users: [newUser(1, "owner@emulator.local", "Emulator", "Owner")],
    members: [{ id: randomUUID(), user_id: 1, level: OWNER_LEVEL, joined_at: now, updated_at: now }],
    admin_key: adminKey,
    keys: [],
    surveys: [],
    flags: [],
    invites: [],
    actions: [],
    insights: [],
    responses: {},
    response_archives: [],
    next: { flag: 1, user: 2, project: 2, seq: 1, action: 1, insight: 1 },
    clock_offset_ms: clockOffsetMs,
  };
}

/** A state file as older emulators wrote it: early format 1 files kept a bare response count per survey. */
export type StoredState = Omit<StateData, "responses"> & { responses: Record<string, string[] | number> };

/** Fills what older state files lack (collections added since format 1 was fixed). */
export function withDefaults(stored: StoredState): StateData {
  const responses: Record<string, string[]> = {};
  for (const [id, recorded] of Object.entries(stored.responses)) {
    responses[id] =
      typeof recorded === "number" ? Array.from({ length: recorded }, () => randomUUID()) : recorded;
  }
  const data: StateData = { ...stored, responses };
  data.actions ??= [];
  data.insights ??= [];
  data.response_archives ??= [];
  data.next.action ??= 1;
  data.next.insight ??= 1;
  // Columns added since: each gets the table's default.
  for (const s of data.surveys) fillMissing(SURVEY_FIELDS, s);
  for (const i of data.invites) fillMissing(INVITE_FIELDS, i);
  for (const f of data.flags) fillMissing(FLAG_FIELDS, f);
  for (const a of data.actions) fillMissing(ACTION_FIELDS, a);
  for (const i of data.insights) fillMissing(INSIGHT_FIELDS, i);
  return data;
}

/** Lookups and id counters over the state; handlers mutate `data` directly. */
export class Store {
  constructor(public data: StateData) {}

  nextSeq(): number {
    return this.data.next.seq++;
  }

  nextFlagId(): number {
    return this.data.next.flag++;
  }

  project(id: number): ProjectRecord | undefined {
    return this.data.projects.find((p) => p.id === id);
  }

  user(id: number): UserRecord | undefined {
    return this.data.users.find((u) => u.id === id);
  }

  memberOf(userId: number): MemberRecord | undefined {
    return this.data.members.find((m) => m.user_id === userId);
  }

  memberByEmail(email: string): MemberRecord | undefined {
    const wanted = email.toLowerCase();
    return this.data.members.find((m) => this.user(m.user_id)?.email.toLowerCase() === wanted);
  }

  flag(id: number): FlagRecord | undefined {
    return this.data.flags.find((f) => f.id === id);
  }

  survey(id: string): SurveyRecord | undefined {
    return this.data.surveys.find((s) => s.id === id);
  }

  /** Hard delete, and null every survey reference to it (the FKs are SET_NULL). */
  deleteFlag(id: number): void {
    this.data.flags = this.data.flags.filter((f) => f.id !== id);
    for (const s of this.data.surveys) {
      if (s.linked_flag_id === id) s.linked_flag_id = null;
      if (s.targeting_flag_id === id) s.targeting_flag_id = null;
      if (s.internal_targeting_flag_id === id) s.internal_targeting_flag_id = null;
      if (s.internal_response_sampling_flag_id === id) s.internal_response_sampling_flag_id = null;
    }
  }
}
