// User-input validation for Invite and InviteBatch, run by `check` before any HTTP request. It mirrors what
// PostHog rejects (docs/contributing/posthog-behaviour.md#invites: first name ≤ 30, level 1/8/15, project access shape) and adds
// what only a provider can know (unknown keys, whitespace in an email, the same person twice in a batch).
import {
  INVITE_LEVELS,
  type BatchPerson,
  type InviteBatchInputs,
  type InviteInputs,
  type InviteLevel,
} from "./types";
import { typedFields } from "../../provider-kit/typed";
import { isRecord, type Json } from "../../provider-kit/json";
import type { FitsPublic } from "../../provider-kit/public-shape";
import { docsFrom } from "../../provider-kit/docs-from";
import { z } from "zod";
import { stripLikeDrf } from "../../provider-kit/normal-form";
import { CheckFailure, failuresFromZod, unknownKeyFailures } from "../../provider-kit/check-failures";
import { nulCharacterFailures } from "../../provider-kit/text-rules";
import { containsUnknown, UNKNOWN } from "../../provider-kit/unknown";

/** PostHog's numeric organization levels. */
export const LEVEL_NUMBERS: Record<InviteLevel, 1 | 8 | 15> = { member: 1, admin: 8, owner: 15 };

export const MAX_FIRST_NAME = 30;

export const BATCH_INPUT_KEYS = [
  "organizationId",
  "invites",
  "message",
  "sendEmail",
  "removeMemberOnDelete",
] as const;

/** PostHog lowercases the whole address (newer versions): so do we, so that case never causes a diff. */
export function normaliseEmail(email: string): string {
  return email.toLowerCase();
}

// PostHog: posthog/api/organization_invite.py, OrganizationInviteSerializer (first_name and message are DRF
// CharFields, which store the text stripped of surrounding whitespace).
const TRIMMED_TEXTS = ["firstName", "message"] as const;

/** An invite's (or a batch person's) texts as PostHog stores them; anything that is not a string is kept. */
export function normaliseTexts(inputs: Json): Json {
  const out: Json = { ...inputs };
  for (const key of TRIMMED_TEXTS) {
    const value = out[key];
    if (typeof value === "string") out[key] = stripLikeDrf(value);
  }
  return out;
}

function emailProblem(email: string): string | undefined {
  if (/\s/.test(email)) {
    return `targetEmail "${email}" contains whitespace. Remove the spaces (PostHog would reject or mangle it).`;
  }
  if (email.length > 254) return "targetEmail is longer than 254 characters.";
  // Deliberately simple: one @, a non-empty local part, a dotted domain without empty labels.
  if (!/^[^@]+@[^@.]+(\.[^@.]+)+$/.test(email)) {
    return `targetEmail "${email}" is not a valid email address. Use the form name@example.com.`;
  }
  return undefined;
}

const email = z
  .string({
    error: (issue) =>
      issue.input === undefined
        ? "targetEmail is required: the email address to invite, e.g. alice@example.com."
        : "targetEmail must be a string: the email address to invite, e.g. alice@example.com.",
  })
  .superRefine((value, ctx) => {
    const problem = emailProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

const firstName = z
  .string({ error: "firstName must be a string." })
  .max(
    MAX_FIRST_NAME,
    `firstName is longer than ${MAX_FIRST_NAME} characters (PostHog's limit). Shorten it.`,
  );

const level = z.enum(INVITE_LEVELS, {
  error: (issue) => `level must be one of: ${INVITE_LEVELS.join(", ")}; got ${JSON.stringify(issue.input)}.`,
});

const privateProjectAccess = z
  .array(
    z
      .object(
        {
          id: z
            .number({ error: "privateProjectAccess[].id must be a project id (an integer)." })
            .int("privateProjectAccess[].id must be an integer project id.")
            .positive("privateProjectAccess[].id must be a positive project id."),
          level: z.enum(["member", "admin"], {
            error: 'privateProjectAccess[].level must be "member" or "admin".',
          }),
        },
        { error: 'each privateProjectAccess entry must be {id: <project id>, level: "member" | "admin"}.' },
      )
      .strict()
      .meta(docsFrom("PrivateProjectAccess")),
    { error: 'privateProjectAccess must be a list of {id: <project id>, level: "member" | "admin"}.' },
  )
  .refine((list) => new Set(list.map((p) => p.id)).size === list.length, {
    message: "privateProjectAccess names the same project twice. List each project once.",
  });

const organizationId = z
  .string({ error: 'organizationId must be a string (the organization UUID, or "@current").' })
  .refine((s) => s.trim().length > 0 && !/\s/.test(s), {
    message: 'organizationId must be an organization UUID or "@current", without spaces.',
  });

const bool = (what: string) => z.boolean({ error: `${what} must be true or false.` });

export const inviteShape = {
  organizationId: organizationId.optional(),
  targetEmail: email,
  firstName: firstName.optional(),
  message: z.string({ error: "message must be a string (or null)." }).nullable().optional(),
  level: level.optional(),
  privateProjectAccess: privateProjectAccess.optional(),
  sendEmail: bool("sendEmail").optional(),
  renewWhenExpired: bool("renewWhenExpired").optional(),
  adopt: bool("adopt").optional(),
  removeMemberOnDelete: bool("removeMemberOnDelete").optional(),
} as const;

type InviteField = keyof typeof inviteShape;

/** Top-level inputs an Invite accepts. */
export const INVITE_INPUT_KEYS: readonly InviteField[] = z.object(inviteShape).keyof().options;
// The public InviteInputs (resources/invite/types.ts) is the one place for the input shape.
const _inviteShapeFits: FitsPublic<typeof inviteShape, InviteInputs> = true;

/** An Invite's valid inputs, typed (see typed.ts). */
export function inviteInputs(inputs: Record<string, unknown>): Partial<InviteInputs> {
  return typedFields(inviteShape, inputs);
}

/** Validates one field per schema entry, skipping preview-unknown values (they are checked again at `up`). */
function validateFields(
  inputs: Json,
  shape: { [key: string]: z.ZodType },
  prefix: readonly PropertyKey[] = [],
): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const [key, rule] of Object.entries(shape)) {
    if (containsUnknown(inputs[key])) continue;
    const result = rule.safeParse(inputs[key]);
    if (!result.success) failures.push(...failuresFromZod(result.error, [...prefix, key]));
  }
  return failures;
}

/** Validates Invite inputs. Returns an empty list when they are valid. */
export function validateInviteInputs(inputs: Record<string, unknown>): CheckFailure[] {
  return [
    ...unknownKeyFailures(inputs, INVITE_INPUT_KEYS),
    ...nulCharacterFailures(inputs),
    ...validateFields(inputs, inviteShape),
  ];
}

export const personShape = {
  targetEmail: email,
  firstName: firstName.optional(),
  level: level.optional(),
  privateProjectAccess: privateProjectAccess.optional(),
  removeMemberOnDelete: bool("removeMemberOnDelete").optional(),
} as const;

/** The keys one person of an InviteBatch takes. */
export const BATCH_PERSON_KEYS = z.object(personShape).keyof().options;
const _personShapeFits: FitsPublic<typeof personShape, BatchPerson> = true;

export const batchShape = {
  organizationId: organizationId.optional(),
  message: z.string({ error: "message must be a string (or null)." }).nullable().optional(),
  sendEmail: bool("sendEmail").optional(),
  removeMemberOnDelete: bool("removeMemberOnDelete").optional(),
} as const;

/** One batch person's valid inputs, typed (see typed.ts). */
export function personInputs(person: Record<string, unknown>): Partial<BatchPerson> {
  return typedFields(personShape, person);
}

/** An InviteBatch's valid top-level inputs other than the people, typed (see typed.ts). */
export function batchInputs(inputs: Record<string, unknown>): Partial<Omit<InviteBatchInputs, "invites">> {
  return typedFields(batchShape, inputs);
}

function personFailures(person: unknown, index: number): CheckFailure[] {
  if (person === UNKNOWN) return [];
  if (!isRecord(person)) {
    return [
      {
        property: "invites",
        reason: `invites[${index}] must be an object like {targetEmail: "alice@example.com", firstName: "Alice"}.`,
      },
    ];
  }
  const unknownKeys = unknownKeyFailures(person, BATCH_PERSON_KEYS, []).map((f) => ({
    property: "invites",
    reason: `invites[${index}]: ${f.reason}`,
  }));
  return [...unknownKeys, ...validateFields(person, personShape, ["invites", index])];
}

/** Validates InviteBatch inputs, including the same (normalised) email twice. */
export function validateBatchInputs(inputs: Record<string, unknown>): CheckFailure[] {
  const failures: CheckFailure[] = [
    ...unknownKeyFailures(inputs, BATCH_INPUT_KEYS),
    ...nulCharacterFailures(inputs),
    ...validateFields(inputs, batchShape),
  ];
  const invites = inputs.invites;
  if (invites === UNKNOWN) return failures;
  if (!Array.isArray(invites)) {
    failures.push({
      property: "invites",
      reason: 'invites is required: a list of people, e.g. [{targetEmail: "alice@example.com"}].',
    });
    return failures;
  }
  invites.forEach((person, i) => failures.push(...personFailures(person, i)));
  const firstIndex = new Map<string, number>();
  invites.forEach((person, i) => {
    const address = isRecord(person) ? person.targetEmail : undefined;
    if (typeof address !== "string" || address === UNKNOWN) return;
    const key = normaliseEmail(address);
    const earlier = firstIndex.get(key);
    if (earlier === undefined) firstIndex.set(key, i);
    else {
      failures.push({
        property: "invites",
        reason: `invites[${i}] repeats ${key} (already invites[${earlier}]; emails are compared lowercased). List each person once.`,
      });
    }
  });
  return failures;
}
