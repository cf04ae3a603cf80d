// Property: `pulumi-posthog export` round-trips from every state PostHog can hold a survey or an invite in.
// Each run resets the emulator and makes, directly over HTTP as a PostHog user would, one survey per lifecycle
// state (start date none/past/future × end date none/past/future × archived: all 18, every run), each with a
// random value in a random subset of the other fields (one generator per row of the field table, so a new field
// fails to compile here until it has one), plus pending invites with random terms and accepted ones (members).
// Then: export -> the program passes check (the provider's own, through the engine; nothing left out) -> `up`
// adopts everything (no POST, no PATCH, no DELETE), each pending invite as pending and each accepted one as the
// member it made -> the next preview shows no change and sends no request.
// EXPORT_STATE_RUNS sets the number of runs (default 1: one run already holds all 18 lifecycle states, each with
// random other fields, and 4 invites; a run takes about a minute on a busy machine), EXPORT_STATE_SEED the seed.
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { exportProgram } from "../../src/export";
import type { SurveyField } from "../../src/resources/survey/fields";
import { programFromFile } from "../examples/example-program";
import { REPO_ROOT } from "../support/self-link";
import { startStack, type TestStack } from "../support/stack";

const RUNS = Number(process.env.EXPORT_STATE_RUNS ?? 1);
const SEED = Number(process.env.EXPORT_STATE_SEED ?? 20261126);
const DIR = path.join(REPO_ROOT, `.tmp/export-states-${process.pid}`);

type Body = Record<string, unknown>;
/** What the surveys may point at, made afresh after each reset. */
interface Fixtures {
  plainFlag: number;
  variantFlag: number;
  insight: number;
}

let stack: TestStack;
beforeAll(async () => {
  fs.mkdirSync(DIR, { recursive: true });
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
  fs.rmSync(DIR, { recursive: true, force: true });
});

const DAY = 86_400_000;
/** Whole seconds, as PostHog's UI writes them. */
const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "Z");
const past = fc.integer({ min: 2, max: 900 }).map((days) => iso(Date.now() - days * DAY));
const future = fc.integer({ min: 2, max: 900 }).map((days) => iso(Date.now() + days * DAY));

type When = "none" | "past" | "future";
const WHEN: When[] = ["none", "past", "future"];
const dateOf = (when: When) => (when === "none" ? fc.constant(null) : when === "past" ? past : future);

/** Every lifecycle state: PostHog's status is read from the two dates (status.ts), archived stands apart. */
const LIFECYCLE = WHEN.flatMap((start) =>
  WHEN.flatMap((end) => [false, true].map((archived) => ({ start, end, archived }))),
);

const open = (question: string, more: Body = {}) => ({ type: "open", question, ...more });
const text = fc.constantFrom("Tell us more", "  padded  ", "café ☕", "<b>bold</b> & more", "漢字");

/**
 * One generator per survey field: the wire fragment a PostHog user could have stored for it. Keyed by the field
 * table's names, so a new row does not compile until it has a generator. Dates and status are the lifecycle grid.
 */
const FIELD_VALUES = (fx: Fixtures): Record<SurveyField, fc.Arbitrary<Body>> => ({
  name: fc.constant({}), // always set: a unique name per survey
  description: text.map((description) => ({ description })),
  type: fc.constant({}), // always set
  linkedFlagId: fc.constant({ linked_flag_id: fx.plainFlag }),
  targetingFlagId: fc.constant({ targeting_flag_id: fx.variantFlag }),
  linkedFlagKey: fc.constant({ linked_flag_id: fx.variantFlag, conditions: { linkedFlagVariant: "test" } }),
  targetingFlagKey: fc.constant({ targeting_flag_id: fx.plainFlag }),
  targetingFlagFilters: fc.integer({ min: 1, max: 100 }).map((rollout) => ({
    targeting_flag_filters: {
      groups: [
        {
          properties: [{ key: "email", type: "person", value: "@example.com", operator: "icontains" }],
          rollout_percentage: rollout,
        },
      ],
    },
  })),
  removeTargetingFlag: fc.constant({ remove_targeting_flag: true }),
  questions: fc
    .array(
      fc.oneof(
        text.map((q) => open(q)),
        fc.constantFrom(5, 7, 10).map((scale) => ({
          type: "rating",
          question: "How likely are you to recommend us?",
          display: "number",
          scale,
          lowerBoundLabel: "Unlikely",
          upperBoundLabel: "Very likely",
        })),
        fc.constant({ type: "single_choice", question: "Which plan?", choices: ["Free", "Team"] }),
        fc.constant({
          type: "multiple_choice",
          question: "What do you use?",
          choices: ["Insights", "Replay"],
          hasOpenChoice: true,
        }),
        fc.constant({ type: "link", question: "Read the docs", link: "https://posthog.com/docs" }),
      ),
      { minLength: 1, maxLength: 3 },
    )
    .map((questions) => ({ questions })),
  conditions: fc
    .record(
      {
        url: fc.constantFrom("/pricing", "https://example.com/app"),
        urlMatchType: fc.constantFrom("icontains", "exact", "regex"),
        deviceTypes: fc.constant(["Mobile"]),
        seenSurveyWaitPeriodInDays: fc.integer({ min: 0, max: 30 }),
        events: fc.constant({ repeatedActivation: true, values: [{ name: "signed_up" }] }),
      },
      { requiredKeys: ["url"] },
    )
    .map((conditions) => ({ conditions })),
  appearance: fc
    .record(
      {
        backgroundColor: fc.constantFrom("#eeeded", "#ffffff"),
        thankYouMessageHeader: text,
        displayThankYouMessage: fc.boolean(),
        surveyPopupDelaySeconds: fc.integer({ min: 0, max: 30 }),
      },
      { requiredKeys: ["backgroundColor"] },
    )
    .map((appearance) => ({ appearance })),
  startDate: fc.constant({}), // the lifecycle grid
  endDate: fc.constant({}), // the lifecycle grid
  status: fc.constant({}), // read from the dates
  archived: fc.constant({}), // the lifecycle grid
  schedule: fc
    .constantFrom("once", "recurring", "always")
    .map((schedule) =>
      schedule === "recurring"
        ? { schedule, iteration_count: 3, iteration_frequency_days: 30 }
        : { schedule },
    ),
  responsesLimit: fc.integer({ min: 1, max: 1000 }).map((n) => ({ responses_limit: n })),
  iterationCount: fc.integer({ min: 0, max: 500 }).map((n) => ({ iteration_count: n })),
  iterationFrequencyDays: fc.integer({ min: 1, max: 365 }).map((n) => ({ iteration_frequency_days: n })),
  enablePartialResponses: fc.boolean().map((on) => ({ enable_partial_responses: on })),
  baseLanguage: fc.constantFrom("fr", "it", "ja").map((code) => ({ base_language: code })),
  enableIframeEmbedding: fc.boolean().map((on) => ({ enable_iframe_embedding: on })),
  linkedInsightId: fc.constant({ linked_insight_id: fx.insight }),
  responseSamplingStartDate: future.map((date) => ({
    response_sampling_start_date: date,
    response_sampling_interval_type: "week",
    response_sampling_interval: 1,
    response_sampling_limit: 10,
  })),
  responseSamplingIntervalType: fc
    .constantFrom("day", "week", "month")
    .map((kind) => ({ response_sampling_interval_type: kind })),
  // PostHog refuses an interval or a limit without a start date: each comes with one.
  responseSamplingInterval: fc.tuple(future, fc.integer({ min: 1, max: 30 })).map(([date, n]) => ({
    response_sampling_start_date: date,
    response_sampling_interval: n,
  })),
  // A limit alone: PostHog holds it (it asks for a start date only with an interval).
  responseSamplingLimit: fc.integer({ min: 0, max: 100 }).map((n) => ({ response_sampling_limit: n })),
  translations: fc.constant({ translations: { de: { name: "Umfrage" }, "pt-BR": { name: "Pesquisa" } } }),
  formContent: fc.constant({ form_content: { blocks: [{ kind: "paragraph", text: "More" }] } }),
});

/** A survey body: one lifecycle state, a random subset of the other fields. */
function surveyBody(fx: Fixtures, n: number, state: (typeof LIFECYCLE)[number]): fc.Arbitrary<Body> {
  const generators = Object.values(FIELD_VALUES(fx));
  return fc
    .tuple(
      fc
        .subarray(generators)
        .chain((chosen) => (chosen.length ? fc.tuple(...chosen) : fc.constant<Body[]>([]))),
      dateOf(state.start),
      dateOf(state.end),
      fc.constantFrom("popover", "api", "widget", "full_screen"),
    )
    .map(([fragments, start, end, type]) => {
      // Two future dates: a scheduled launch and a scheduled stop after it (a stop before the launch would
      // never run, and check refuses declaring one: see the report in issue 29).
      if (
        state.start === "future" &&
        state.end === "future" &&
        start !== null &&
        end !== null &&
        end < start
      ) {
        [start, end] = [end, start];
      }
      const body: Body = Object.assign({}, ...(fragments as Body[]));
      return {
        ...body,
        name: `State ${n}: start ${state.start}, end ${state.end}${state.archived ? ", archived" : ""}`,
        type,
        start_date: start,
        end_date: end,
        archived: state.archived,
      };
    });
}

interface InviteCase {
  body: Body;
  accepted: boolean;
}

const inviteCase = (n: number) =>
  fc.record({
    body: fc.record(
      {
        target_email: fc.constantFrom(`person${n}@example.com`, `Person${n}@Example.com`),
        first_name: fc.constantFrom("Ada", "  Grace ", "José"),
        level: fc.constantFrom(1, 8),
        message: fc.constantFrom("Welcome!", "", null),
      },
      { requiredKeys: ["target_email"] },
    ),
    accepted: fc.boolean(),
  });

const emailOf = (body: Body) => String(body.target_email).trim().toLowerCase();

interface Case {
  surveys: Body[];
  invites: InviteCase[];
}

const caseArbitrary = (fx: Fixtures): fc.Arbitrary<Case> =>
  fc.record({
    surveys: fc.tuple(...LIFECYCLE.map((state, n) => surveyBody(fx, n, state))),
    invites: fc.tuple(...[0, 1, 2, 3].map(inviteCase)),
  });

async function fixtures(): Promise<Fixtures> {
  const made = async (route: string, body: Body) => {
    const res = await stack.api<{ id: number }>("POST", `/api/projects/${stack.projectId}/${route}/`, body);
    if (res.status !== 201) throw new Error(`${route}: ${JSON.stringify(res.body)}`);
    return res.body.id;
  };
  const groups = [{ properties: [], rollout_percentage: 100 }];
  return {
    plainFlag: await made("feature_flags", { key: "beta", filters: { groups } }),
    variantFlag: await made("feature_flags", {
      key: "variants",
      filters: {
        groups,
        multivariate: {
          variants: [
            { key: "control", rollout_percentage: 50 },
            { key: "test", rollout_percentage: 50 },
          ],
        },
      },
    }),
    insight: await made("insights", { name: "Funnel" }),
  };
}

let refused = 0;
const refusals = new Map<string, number>();

/**
 * Makes the case's objects in the emulator. A survey PostHog refuses is a state it cannot hold: the case is
 * skipped (fc.pre), counted in `refused`.
 */
async function seed(c: Case): Promise<void> {
  for (const body of c.surveys) {
    const res = await stack.api("POST", `/api/projects/${stack.projectId}/surveys/`, body);
    if (res.status === 400) {
      refused++;
      const detail = (res.body as { detail?: string }).detail ?? "";
      refusals.set(detail, (refusals.get(detail) ?? 0) + 1);
    }
    fc.pre(res.status !== 400);
    if (res.status !== 201)
      throw new Error(`PostHog refused ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`);
  }
  for (const { body, accepted } of c.invites) {
    const res = await stack.api<{ id: string }>(
      "POST",
      `/api/organizations/${stack.organizationId}/invites/`,
      body,
    );
    if (res.status !== 201)
      throw new Error(`PostHog refused ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`);
    if (accepted) await stack.control("POST", `/invites/${res.body.id}/accept`);
  }
}

let run = 0;
let surveysSeen = 0;
let invitesSeen = 0;

async function roundTrip(c: Case): Promise<void> {
  run++;
  await seed(c);
  surveysSeen += c.surveys.length;
  invitesSeen += c.invites.length;
  const exported = await exportProgram({
    projectId: stack.projectId,
    organizationId: stack.organizationId,
    env: { POSTHOG_HOST: stack.url, POSTHOG_API_KEY: stack.apiKey, POSTHOG_REQUESTS_PER_SECOND: "0" },
  });
  expect(exported.skipped).toEqual([]);
  const file = path.join(DIR, `run-${run}.ts`);
  fs.writeFileSync(file, exported.source);
  const program = programFromFile(file);
  // Accepted invites are gone from PostHog; each person is a member, declared as an Invite adopting the
  // membership. The emulator's own user (the key's) is the only other member, and is left out.
  const acceptedEmails = c.invites.filter((i) => i.accepted).map((i) => emailOf(i.body));
  expect(exported.members).toBe(acceptedEmails.length);
  expect(exported.invites).toBe(c.invites.length - acceptedEmails.length);
  const declared = c.surveys.length + exported.invites + exported.members;

  const engine = stack.newEngine();
  await stack.clearRequests();
  const up = await engine.up(program);
  expect(up.errors).toEqual([]); // check passed for every resource, and adoption succeeded
  expect(up.steps.map((s) => s.op)).toEqual(Array(declared).fill("create"));
  expect(
    (await stack.requests()).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`),
  ).toEqual([]);
  const invites = engine.state().filter((r) => r.type.endsWith("Invite"));
  const statusOf = (email: string) => invites.find((r) => r.outputs.targetEmail === email)?.outputs.status;
  for (const email of acceptedEmails) expect([email, statusOf(email)]).toEqual([email, "accepted"]);
  for (const { body } of c.invites.filter((i) => !i.accepted)) {
    expect([emailOf(body), statusOf(emailOf(body))]).toEqual([emailOf(body), "pending"]);
  }

  await stack.clearRequests();
  const preview = await engine.preview(program);
  expect(preview.errors).toEqual([]);
  expect(preview.steps.filter((s) => s.op !== "same").map((s) => [s.name, s.op, s.changedKeys])).toEqual([]);
  expect(await stack.requests()).toEqual([]);
}

/** Fixture references as generated (ids differ after each reset): resolved when the case is seeded. */
const FX: Fixtures = { plainFlag: -1, variantFlag: -2, insight: -3 };

function resolve(value: unknown, fx: Fixtures): unknown {
  if (value === FX.plainFlag) return fx.plainFlag;
  if (value === FX.variantFlag) return fx.variantFlag;
  if (value === FX.insight) return fx.insight;
  if (Array.isArray(value)) return value.map((v) => resolve(v, fx));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, fx)]));
  }
  return value;
}

test(`export -> check -> adopt -> clean preview, from every survey and invite state (seed ${SEED})`, async () => {
  await fc.assert(
    fc.asyncProperty(caseArbitrary(FX), async (c) => {
      await stack.control("POST", "/reset");
      const fx = await fixtures();
      await roundTrip({ ...c, surveys: c.surveys.map((body) => resolve(body, fx) as Body) });
    }),
    { seed: SEED, numRuns: RUNS, endOnFailure: false },
  );
  process.stdout.write(
    `export round trip: ${run} cases tried (${refused} skipped: a survey PostHog refuses), ` +
      `${surveysSeen} surveys and ${invitesSeen} invites exported and adopted; refusals: ` +
      `${JSON.stringify([...refusals])}\n`,
  );
}, 900_000);
