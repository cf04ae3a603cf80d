// Cohorts, modelled only as far as survey targeting needs: a name and filters that a targeting flag may point at.
// Seeded through POST /_emulator/cohorts, as PostHog's tests seed them through the ORM; there is no cohort API.
import { created } from "../core/context";
import { body, field, type Control, type ControlRoute } from "../controls/control-kit";
import { validationError } from "../core/errors";
import { charField, expectObject, intField } from "../core/fields";
import { isObject, type Json } from "../core/json";
import type { CohortRecord, StateData } from "../core/state";

/** Every leaf property of a cohort's nested AND/OR groups. PostHog: posthog/models/property PropertyGroup.flat */
function flatProperties(node: Json): Json[] {
  if (!isObject(node)) return [];
  if (Array.isArray(node.values)) return node.values.flatMap(flatProperties);
  return [node];
}

function leafProperties(cohort: CohortRecord): Json[] {
  const filters = isObject(cohort.filters) ? cohort.filters : {};
  return flatProperties(filters.properties ?? null);
}

/** The cohort and every cohort it refers to, each once. PostHog: posthog/models/cohort/util.py, get_all_cohort_dependencies */
function withDependencies(data: StateData, first: CohortRecord): CohortRecord[] {
  const seen: CohortRecord[] = [];
  const visit = (c: CohortRecord) => {
    if (seen.includes(c)) return;
    seen.push(c);
    for (const p of leafProperties(c)) {
      if (!isObject(p) || p.type !== "cohort") continue;
      const next = data.cohorts?.find((x) => x.team_id === c.team_id && String(x.id) === String(p.value));
      if (next) visit(next);
    }
  };
  visit(first);
  return seen;
}

/**
 * A cohort property in a survey's targeting filters must name a cohort of the project, and neither it nor any
 * cohort it depends on may have behavioural (event) filters.
 * PostHog: products/feature_flags/backend/api/feature_flag.py, FeatureFlagSerializer.validate_filters (the
 * messages), reworded for surveys by products/surveys/backend/api/survey.py, create_flag_with_survey_errors
 * (which also drops the attr).
 */
export function checkCohortProperty(data: StateData, teamId: number, prop: Json): void {
  if (!isObject(prop) || prop.type !== "cohort") return;
  const cohort = data.cohorts?.find((c) => c.team_id === teamId && String(c.id) === String(prop.value));
  if (!cohort) {
    throw validationError(
      "cohort_does_not_exist",
      `Cohort with id ${String(prop.value)} does not exist`,
      "filters",
    );
  }
  for (const c of withDependencies(data, cohort)) {
    if (leafProperties(c).some((p) => isObject(p) && p.type === "behavioral")) {
      throw validationError(
        "behavioral_cohort_found",
        `Cohort '${c.name}' with filters on events cannot be used in surveys.`,
      );
    }
  }
}

/** POST /_emulator/cohorts {name, filters, project_id?}: a cohort in the project (default: the first). */
const createCohort: Control = (em, req) => {
  const b = body(req);
  const d = em.store.data;
  const name = field("name", () => charField(b.name));
  const filters = field("filters", () => expectObject(b.filters));
  const teamId =
    b.project_id === undefined ? d.projects[0].id : field("project_id", () => intField(b.project_id));
  if (!em.store.project(teamId)) throw validationError("invalid", "no such project", "project_id");
  const cohorts = (d.cohorts ??= []);
  const id = cohorts.reduce((max, c) => Math.max(max, c.id), 0) + 1;
  cohorts.push({ id, team_id: teamId, name, filters });
  return created({ id, name, project_id: teamId });
};

export const COHORT_CONTROLS: ControlRoute[] = [
  { pattern: /^\/_emulator\/cohorts\/?$/, methods: { POST: createCohort } },
];
