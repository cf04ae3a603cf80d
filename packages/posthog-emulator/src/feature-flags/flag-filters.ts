// Feature flag filters as the flag serializer saves them, and the checks it makes on the way.
// PostHog: products/feature_flags/backend/api/feature_flag.py, FeatureFlagSerializer (validate_filters, create/update).
import { validationError } from "../core/errors";
import { clone, isObject, type Json, type JsonObject } from "../core/json";

const REGEX_OPERATORS = ["regex", "not_regex"];

/** Filters must be an object; each property passes `checkProperty` (cohorts) and regex values must compile. */
export function checkFlagFilters(filters: Json, checkProperty: (prop: Json) => void): void {
  if (!isObject(filters)) {
    throw validationError("invalid", "Filters are not valid (can only be object)", "targeting_flag_filters");
  }
  const groups = Array.isArray(filters.groups) ? filters.groups : [];
  for (const group of groups) {
    const properties = isObject(group) && Array.isArray(group.properties) ? group.properties : [];
    for (const prop of properties) {
      checkProperty(prop);
      if (!isObject(prop) || typeof prop.operator !== "string" || !REGEX_OPERATORS.includes(prop.operator))
        continue;
      try {
        new RegExp(String(prop.value));
      } catch {
        // JavaScript's RegExp stands in for Python's re here; both refuse unbalanced brackets and groups.
        throw validationError(
          "invalid",
          `Property '${String(prop.key)}' has an invalid regex pattern: ${String(prop.value)}`,
          "filters",
        );
      }
    }
  }
}

/** Every saved filter carries aggregation_group_type_index, at the top and in each group (null: persons). */
export function normalizeFlagFilters(filters: JsonObject): JsonObject {
  const out = clone(filters);
  const index = out.aggregation_group_type_index ?? null;
  out.aggregation_group_type_index = index;
  if (Array.isArray(out.groups)) {
    out.groups = out.groups.map((g) => (isObject(g) ? { ...g, aggregation_group_type_index: index } : g));
  }
  return out;
}
