// Conformance beyond PostHog's own test: cohort properties in survey targeting — missing cohorts, cohorts of
// another project, behavioural filters reached through a dependency, and property-only cohorts that pass.
import { errorBody, useHarness } from "./helpers";

const h = useHarness();

const PERSON = { key: "email", value: "a@b.c", type: "person" };
const BEHAVIORAL = { key: "$pageview", event_type: "events", value: "performed_event", type: "behavioral" };

async function cohort(name: string, values: unknown[], projectId?: number): Promise<number> {
  const r = await h.control("POST", "/cohorts", {
    name,
    filters: { properties: { type: "OR", values } },
    ...(projectId === undefined ? {} : { project_id: projectId }),
  });
  expect(r.status).toBe(201);
  return r.body.id;
}

const targeting = (cohortId: unknown) => ({
  name: `s-${String(cohortId)}`,
  type: "popover",
  targeting_flag_filters: {
    groups: [{ rollout_percentage: 100, properties: [{ key: "id", value: cohortId, type: "cohort" }] }],
  },
});

describe("cohorts in survey targeting", () => {
  it("a property-only cohort is accepted and kept in the targeting flag", async () => {
    const id = await cohort("people", [PERSON]);
    const r = await h.survey(targeting(id));
    expect(r.status).toBe(201);
    expect(r.body.targeting_flag.filters.groups[0].properties).toEqual([
      { key: "id", value: id, type: "cohort" },
    ]);
  });

  it("an unknown cohort, or one in another project, does not exist (attr filters); nothing is created", async () => {
    const other = (await h.control("POST", "/projects", { name: "Other" })).body.id;
    const foreign = await cohort("elsewhere", [PERSON], other);
    for (const id of [999, foreign]) {
      const r = await h.survey(targeting(id));
      expect(r.body).toEqual(
        errorBody(
          "validation_error",
          "cohort_does_not_exist",
          `Cohort with id ${id} does not exist`,
          "filters",
        ),
      );
    }
    expect((await h.api("GET", "/api/projects/1/surveys/")).body.count).toBe(0);
  });

  it("behavioural filters nested in groups or reached through a dependent cohort are refused, naming that cohort", async () => {
    const inner = await cohort("inner events", [{ type: "AND", values: [PERSON, BEHAVIORAL] }]);
    const outer = await cohort("outer", [PERSON, { key: "id", value: inner, type: "cohort" }]);
    for (const id of [inner, outer]) {
      const r = await h.survey(targeting(id));
      expect(r.body).toEqual(
        errorBody(
          "validation_error",
          "behavioral_cohort_found",
          "Cohort 'inner events' with filters on events cannot be used in surveys.",
        ),
      );
    }
  });
});
