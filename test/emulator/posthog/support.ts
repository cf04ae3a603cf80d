// Shared steps for the tests ported from PostHog's products/surveys/backend/api/test/test_survey.py.
// Where PostHog seeds rows through its ORM, these go through the emulator's API or its /_emulator controls.
import { startHarness, type Harness, type Reply } from "../helpers";

export interface PostHogCase {
  h: Harness;
  surveys: string;
  post(body: Record<string, unknown>): Promise<Reply>;
  patch(id: string, body: Record<string, unknown>): Promise<Reply>;
  get(id: string): Promise<Reply>;
  list(query?: string): Promise<Reply>;
  flag(id: number): Promise<Reply>;
  createFlag(key: string, filters?: Record<string, unknown>, project?: number): Promise<number>;
  createAction(name: string, steps: Array<Record<string, unknown>>): Promise<number>;
  createInsight(name: string, project?: number): Promise<number>;
  otherProject(): Promise<number>;
}

/** One emulator per test file, reset before every test (each PostHog test starts from an empty team). */
export function postHogCase(): () => PostHogCase {
  let c: PostHogCase | undefined;
  beforeAll(async () => {
    const h = await startHarness();
    const p = h.em.projectId;
    const surveys = `/api/projects/${p}/surveys/`;
    c = {
      h,
      surveys,
      post: (body) => h.api("POST", surveys, body),
      patch: (id, body) => h.api("PATCH", `${surveys}${id}/`, body),
      get: (id) => h.api("GET", `${surveys}${id}/`),
      list: (query = "") => h.api("GET", `${surveys}${query}`),
      flag: (id) => h.api("GET", `/api/projects/${p}/feature_flags/${id}/`),
      createFlag: async (key, filters, project = p) => {
        const body = filters === undefined ? { key } : { key, filters };
        const r = await h.api("POST", `/api/projects/${project}/feature_flags/`, body);
        if (r.status !== 201) throw new Error(`flag ${key}: ${r.status} ${JSON.stringify(r.body)}`);
        return r.body.id as number;
      },
      createAction: async (name, steps) => {
        const r = await h.api("POST", `/api/projects/${p}/actions/`, { name, steps });
        if (r.status !== 201) throw new Error(`action ${name}: ${r.status}`);
        return r.body.id as number;
      },
      createInsight: async (name, project = p) => {
        const r = await h.api("POST", `/api/projects/${project}/insights/`, { name });
        if (r.status !== 201) throw new Error(`insight ${name}: ${r.status}`);
        return r.body.id as number;
      },
      otherProject: async () =>
        (await h.control("POST", "/projects", { name: "Other Team" })).body.id as number,
    };
  });
  afterAll(() => c?.h.close());
  beforeEach(() => c?.h.reset());
  return () => {
    if (!c) throw new Error("emulator not started");
    return c;
  };
}

/** The billing_plan person filter most of PostHog's targeting tests use. */
export const BILLING_PLAN_TARGETING = {
  groups: [
    {
      variant: null,
      rollout_percentage: null,
      properties: [{ key: "billing_plan", value: ["cloud"], operator: "exact", type: "person" }],
    },
  ],
};

/** The same filters as the flag serializer stores them. */
export const BILLING_PLAN_STORED = {
  groups: [
    {
      variant: null,
      properties: [{ key: "billing_plan", value: ["cloud"], operator: "exact", type: "person" }],
      rollout_percentage: null,
      aggregation_group_type_index: null,
    },
  ],
  aggregation_group_type_index: null,
};

export const daysFromNow = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString();

/** The internal targeting flag's filters for a survey (key suffix for iterations). */
export function interactedFilters(surveyKey: string): Record<string, unknown> {
  return {
    groups: [
      {
        variant: "",
        rollout_percentage: 100,
        properties: [
          {
            key: `$survey_dismissed/${surveyKey}`,
            type: "person",
            value: "is_not_set",
            operator: "is_not_set",
          },
          {
            key: `$survey_responded/${surveyKey}`,
            type: "person",
            value: "is_not_set",
            operator: "is_not_set",
          },
        ],
        aggregation_group_type_index: null,
      },
    ],
    aggregation_group_type_index: null,
  };
}
