// Every field of the Survey field table converges through the real dynamic-provider plugin against the emulator:
// one survey per field, declaring that field (value A), then changed to value B. Per field, the requests PostHog
// received for that survey on create, on a preview with nothing changed, on a refresh, and on the one-field edit;
// the table is printed and asserted. Flag keys also cost the project's flag listing, shared by all surveys.
import { isDeepStrictEqual } from "node:util";
import { Survey, SurveyArgs } from "../../src";
import { SURVEY_FIELD_NAMES, wireName, type SurveyField } from "../../src/resources/survey/fields";
import { startStack, type LoggedRequest, type TestStack } from "../support/stack";
import { variantFlag } from "./fixtures";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

interface Case {
  /** What the survey declares besides name, type and the field (a field another one needs). */
  with?: Partial<SurveyArgs>;
  a: unknown;
  b: unknown;
}

const date = (day: number) => `2031-01-${String(day).padStart(2, "0")}T00:00:00Z`;

async function insight(name: string): Promise<number> {
  const made = await stack.api<{ id: number }>("POST", `/api/projects/${stack.projectId}/insights/`, {
    name,
  });
  if (made.status !== 201) throw new Error(`could not create insight ${name}: ${JSON.stringify(made.body)}`);
  return made.body.id;
}

async function cases(): Promise<Record<SurveyField, Case>> {
  const [f1, f2, f3, f4] = await Promise.all(
    ["ef-1", "ef-2", "ef-3", "ef-4"].map((k) => variantFlag(stack, k)),
  );
  const [i1, i2] = await Promise.all([insight("every field 1"), insight("every field 2")]);
  const filters = (rollout: number) => ({
    groups: [
      {
        properties: [{ key: "email", value: "a@b.c", operator: "exact", type: "person" }],
        rollout_percentage: rollout,
      },
    ],
  });
  return {
    name: { a: "every field: name", b: "every field: name, edited" },
    description: { a: "first", b: "second" },
    type: { a: "popover", b: "widget" },
    linkedFlagId: { a: f1, b: f2 },
    targetingFlagId: { a: f3, b: f4 },
    linkedFlagKey: { a: "ef-1", b: "ef-2" },
    targetingFlagKey: { a: "ef-3", b: "ef-4" },
    targetingFlagFilters: { a: filters(50), b: filters(30) },
    removeTargetingFlag: { a: true, b: false },
    questions: { a: [{ type: "open", question: "First?" }], b: [{ type: "open", question: "Second?" }] },
    conditions: { a: { url: "https://a.example" }, b: { url: "https://b.example" } },
    appearance: { a: { backgroundColor: "#ffffff" }, b: { backgroundColor: "#000000" } },
    startDate: { a: date(1), b: date(2) },
    endDate: { a: date(20), b: date(21) },
    status: { a: "draft", b: "running" },
    archived: { a: true, b: false },
    schedule: { a: "recurring", b: "always" },
    responsesLimit: { a: 10, b: 20 },
    iterationCount: { a: 2, b: 3 },
    iterationFrequencyDays: { a: 7, b: 14 },
    enablePartialResponses: { a: true, b: false },
    baseLanguage: { a: "fr", b: "de" },
    enableIframeEmbedding: { a: true, b: false },
    linkedInsightId: { a: i1, b: i2 },
    responseSamplingStartDate: { a: date(1), b: date(2) },
    responseSamplingIntervalType: { a: "day", b: "month" },
    responseSamplingInterval: { a: 2, b: 3 },
    responseSamplingLimit: {
      with: { responseSamplingInterval: 1, responseSamplingStartDate: date(1) },
      a: 100,
      b: 200,
    },
    translations: { a: { fr: { name: "Bonjour" } }, b: { fr: { name: "Salut" }, "pt-BR": { name: "Olá" } } },
    formContent: {
      a: { blocks: [{ kind: "text", text: "one" }] },
      b: { blocks: [{ kind: "text", text: "two" }] },
    },
  };
}

const surveyName = (field: SurveyField, which: "a" | "b", c: Case) =>
  field === "name" ? String(c[which]) : `every field: ${field}`;

function program(all: Record<SurveyField, Case>, which: "a" | "b") {
  return () => {
    for (const field of SURVEY_FIELD_NAMES) {
      const c = all[field];
      const args = { name: surveyName(field, which, c), type: "api", ...c.with, [field]: c[which] };
      new Survey(field, args as SurveyArgs);
    }
  };
}

/** The requests that concern one survey: its POST (by name) and every request on its path. */
function requestsOf(requests: LoggedRequest[], id: string | undefined, names: string[]): string[] {
  return requests
    .filter((r) => {
      const body = r.body !== null && typeof r.body === "object" ? r.body : {};
      const named = r.method === "POST" && "name" in body && names.includes(String(body.name));
      return named || (id !== undefined && r.path.includes(`/surveys/${id}/`));
    })
    .map((r) => r.method + (r.path.match(/\/(launch|stop|resume|archive)\/?$/)?.[0] ?? ""));
}

test("each of the field table's fields: 1 POST to create, nothing on a no-op preview, a clean refresh, 1 PATCH to edit", async () => {
  const all = await cases();
  const engine = stack.newEngine();
  const idOf = (field: SurveyField) => engine.state().find((r) => r.name === field)?.id;
  const namesOf = (field: SurveyField) => [
    surveyName(field, "a", all[field]),
    surveyName(field, "b", all[field]),
  ];

  await stack.clearRequests();
  const created = await engine.up(program(all, "a"));
  expect(created.errors).toEqual([]);
  const createRequests = await stack.requests();

  await stack.clearRequests();
  const noop = await engine.preview(program(all, "a"));
  expect(noop.errors).toEqual([]);
  const noopRequests = await stack.requests();

  const before = new Map(engine.state().map((r) => [r.name, r.outputs]));
  await stack.clearRequests();
  const refreshed = await engine.refresh();
  expect(refreshed.errors).toEqual([]);
  const refreshRequests = await stack.requests();
  const after = new Map(engine.state().map((r) => [r.name, r.outputs]));
  const afterRefresh = await engine.preview(program(all, "a"));

  await stack.clearRequests();
  const edited = await engine.up(program(all, "b"));
  expect(edited.errors).toEqual([]);
  const editRequests = await stack.requests();
  const settled = await engine.preview(program(all, "b"));

  const table = SURVEY_FIELD_NAMES.map((field) => {
    const id = idOf(field);
    // Clean: the refresh read back exactly the outputs the create stored, and the program still shows no change.
    const refreshClean =
      before.has(field) &&
      isDeepStrictEqual(before.get(field), after.get(field)) &&
      afterRefresh.steps.find((s) => s.name === field)?.op === "same";
    return {
      field,
      wire: wireName(field) ?? "(lifecycle)",
      create: requestsOf(createRequests, id, namesOf(field)).join(" + "),
      noop: requestsOf(noopRequests, id, namesOf(field)).length,
      noopStep: noop.steps.find((s) => s.name === field)?.op,
      refresh: refreshClean ? "clean" : "drift",
      edit: requestsOf(editRequests, id, namesOf(field)).join(" + "),
      after: settled.steps.find((s) => s.name === field)?.op,
    };
  });
  const line = (cells: unknown[]) => `| ${cells.join(" | ")} |`;
  console.log(
    [
      line(["field", "PostHog field", "create", "no-op preview", "refresh", "edit", "preview after edit"]),
      line(["---", "---", "---", "---", "---", "---", "---"]),
      ...table.map((r) =>
        line([r.field, r.wire, r.create, `${r.noop} (${r.noopStep})`, r.refresh, r.edit, r.after]),
      ),
      `refresh of all ${table.length} surveys: ${refreshRequests.length} requests (${refreshRequests.map((r) => r.method).join(", ")})`,
      `flag listings shared by the flag keys: create ${createRequests.filter((r) => r.path.endsWith("/feature_flags/")).length}, edit ${editRequests.filter((r) => r.path.endsWith("/feature_flags/")).length}`,
    ].join("\n"),
  );

  // A status change is applied by the lifecycle's own request after reading where the survey stands
  // (docs/guides/survey-lifecycle.md), not by a PATCH.
  const expectedEdit = (field: SurveyField) => (field === "status" ? "GET + POST/launch/" : "PATCH");
  expect(table.map((r) => [r.field, r.create, r.noop, r.noopStep, r.refresh, r.edit, r.after])).toEqual(
    table.map((r) => [r.field, "POST", 0, "same", "clean", expectedEdit(r.field), "same"]),
  );
  expect(noopRequests).toEqual([]);
});
