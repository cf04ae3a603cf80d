// Invite's and InviteBatch's entries in the catalogue (../catalogue.ts), with getInvites and getMembers.
// Inputs come from the input rules (inputs.ts), defaults from the mapping that applies them, descriptions
// from the doc comments of the public types.
import { z } from "zod";
import { docsFrom } from "../../provider-kit/docs-from";
import {
  functionInputs,
  functionOutputs,
  isOptional,
  jsonSchema,
  memberDoc,
  RulesFor,
  symbolDoc,
  userSummaryRule,
  type FunctionDoc,
  type JsonSchema,
  type PropertyDoc,
  type ResourceDoc,
} from "../catalogue-kit";
import { batchShape, inviteShape, personShape } from "./inputs";
import { settingsOf, termsOf } from "./declaration";
import { batchSettings } from "./batch-declaration";
import { INVITE_LEVELS, type BatchInvitation, type InviteBatchOutputs, type InviteOutputs } from "./types";
import { orgArgs } from "./function-args";
import type { MemberInfo } from "./members-function";

const levelRule = z.enum(INVITE_LEVELS);
const statusRule = z.enum(["pending", "expired", "accepted"]);

const INVITE_COMPUTED = {
  inviteId: z.string().nullable(),
  memberId: z.string().nullable(),
  userUuid: z.string().nullable(),
  isExpired: z.boolean(),
  emailingAttemptMade: z.boolean(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  createdBy: userSummaryRule.nullable(),
  status: statusRule,
} satisfies RulesFor<Omit<InviteOutputs, keyof typeof inviteShape>>;

const invitationRule = z
  .object({
    inviteId: z.string(),
    status: statusRule,
    isExpired: z.boolean(),
    userUuid: z.string().optional(),
    createdAt: z.string().optional(),
    memberId: z.string().optional(),
  })
  .meta(docsFrom("BatchInvitation")) satisfies z.ZodType<BatchInvitation>;

const BATCH_COMPUTED = {
  invitations: z.record(z.string(), invitationRule),
} satisfies RulesFor<Omit<InviteBatchOutputs, keyof typeof batchShape | "invites">>;

function properties(
  inputs: { [name: string]: z.ZodType },
  computed: { [name: string]: z.ZodType },
  docs: { inputs: string; outputs: string },
  defaults: { [name: string]: unknown },
  replaces: readonly string[],
): PropertyDoc[] {
  const declared = Object.entries(inputs).map(([name, rule]): PropertyDoc => ({
    name,
    description: memberDoc([docs.inputs], name),
    schema: jsonSchema(rule),
    input: true,
    output: true,
    required: !isOptional(rule),
    ...(defaults[name] === undefined ? {} : { default: defaults[name] }),
    replaces: replaces.includes(name),
  }));
  const assigned = Object.entries(computed).map(([name, rule]): PropertyDoc => ({
    name,
    description: memberDoc([docs.outputs], name),
    schema: jsonSchema(rule),
    input: false,
    output: true,
    required: false,
    replaces: false,
  }));
  return [...declared, ...assigned];
}

export function inviteResources(): ResourceDoc[] {
  // The defaults as the mapping applies them to an invite that declares nothing else.
  const { targetEmail: _e, ...terms } = termsOf({});
  const inviteDefaults = { ...terms, ...settingsOf({}) };
  const batchDefaults = batchSettings({});
  const people = z.array(z.object(personShape).meta(docsFrom("BatchPersonArgs")));
  return [
    {
      name: "Invite",
      description: symbolDoc("Invite"),
      example: {
        name: "ada",
        args: { targetEmail: "ada@example.com", firstName: "Ada", level: "admin" },
        output: "status",
      },
      importing: {
        id: "the pending invite's id (a UUID; `getInvites` lists them). An accepted invite no longer exists in PostHog",
        adopt:
          "declare the Invite with `adopt: true`: the first `pulumi up` takes over the pending invite for that " +
          "email instead of sending a second email, or the person's membership once they have joined. " +
          "`pulumi-posthog export` writes an organization's pending invites and members this way.",
      },
      properties: properties(
        inviteShape,
        INVITE_COMPUTED,
        { inputs: "InviteArgs", outputs: "InviteOutputs" },
        inviteDefaults,
        ["organizationId", "targetEmail"],
      ),
    },
    {
      name: "InviteBatch",
      description: symbolDoc("InviteBatch"),
      example: {
        name: "team",
        args: {
          invites: [{ targetEmail: "ada@example.com" }, { targetEmail: "grace@example.com", level: "admin" }],
          message: "Welcome to the team!",
        },
        output: "invitations",
      },
      importing: {
        notImportable:
          "an InviteBatch is a set of invites the program names, with no id in PostHog: import (or adopt) each " +
          "invite as an Invite instead",
        adopt: "declare each pending invite as an `Invite` with `adopt: true`",
      },
      properties: properties(
        { ...batchShape, invites: people },
        BATCH_COMPUTED,
        { inputs: "InviteBatchArgs", outputs: "InviteBatchOutputs" },
        batchDefaults,
        ["organizationId"],
      ),
    },
  ];
}

const memberRule = z
  .object({
    memberId: z.string(),
    userUuid: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    level: levelRule,
    joinedAt: z.string().nullable(),
  })
  .meta(docsFrom("MemberInfo")) satisfies z.ZodType<MemberInfo>;

export function inviteFunctions(): FunctionDoc[] {
  const invite = inviteResources()[0];
  const infoKeys = new Set([
    "inviteId",
    "targetEmail",
    "firstName",
    "message",
    "level",
    "privateProjectAccess",
    "isExpired",
    "emailingAttemptMade",
    "createdAt",
    "updatedAt",
    "createdBy",
    "status",
  ]);
  const info = invite.properties.filter((p) => infoKeys.has(p.name));
  const inviteInfo: JsonSchema = {
    type: "object",
    properties: Object.fromEntries(info.map((p) => [p.name, { ...p.schema, description: p.description }])),
    required: info.map((p) => p.name),
  };
  return [
    {
      name: "getInvites",
      description: symbolDoc("getInvites"),
      example: { name: "found", args: {}, output: "invites" },
      inputs: functionInputs(orgArgs, ["GetInvitesArgs"]),
      outputs: functionOutputs(
        { organizationId: z.string(), invites: { type: "array", items: inviteInfo } },
        ["GetInvitesResult"],
      ),
    },
    {
      name: "getMembers",
      description: symbolDoc("getMembers"),
      example: { name: "found", args: {}, output: "members" },
      inputs: functionInputs(orgArgs, ["GetMembersArgs"]),
      outputs: functionOutputs(
        {
          organizationId: z.string(),
          members: z.array(memberRule),
        },
        ["GetMembersResult"],
      ),
    },
  ];
}
