// The reference pages' rendering (tools/docs-reference), on a small catalogue in the contract's shape: every
// property gets a row with its type, default, whether a change replaces, and the PostHog field; nested objects
// get rows of their own; an export with no page is refused.
import { getSchema } from "../../src/plugin/schema";
import type { SchemaView } from "../../tools/docs-reference/examples";
import { z } from "zod";
import type { Catalogue, PropertyDoc } from "../../src/resources/catalogue";
import type { PublicExport } from "../../tools/docs-reference/exports";
import { pageName, referencePages } from "../../tools/docs-reference/pages";
import { cell } from "../../tools/docs-reference/render";
import { nestedObjects, typeText } from "../../tools/docs-reference/schema-type";

const schema = (rule: z.ZodType) => z.toJSONSchema(rule, { unrepresentable: "any", io: "input" });

const property = (over: Partial<PropertyDoc> & Pick<PropertyDoc, "name" | "schema">): PropertyDoc => ({
  description: `The ${over.name}.`,
  input: true,
  output: true,
  required: false,
  replaces: false,
  ...over,
});

const sample: Catalogue = {
  resources: [
    {
      name: "Survey",
      description: "A PostHog survey.",
      properties: [
        property({ name: "name", schema: schema(z.string()), required: true, posthogField: "name" }),
        property({ name: "projectId", schema: schema(z.union([z.string(), z.number()])), replaces: true }),
        property({
          name: "schedule",
          schema: schema(z.enum(["once", "recurring"])),
          default: "once",
          posthogField: "schedule",
        }),
        property({
          name: "questions",
          schema: schema(
            z.array(z.object({ type: z.literal("open"), question: z.string().describe("What is asked.") })),
          ),
          posthogField: "questions",
        }),
        property({ name: "surveyId", schema: schema(z.string()), input: false, posthogField: "id" }),
        property({
          name: "declared",
          schema: schema(z.record(z.string(), z.unknown())),
          input: false,
          internal: true,
        }),
      ],
      example: { name: "feedback", args: { name: "Feedback", schedule: "once" }, output: "surveyId" },
      importing: { id: "the survey's id", adopt: "declare it with `adopt`" },
    },
  ],
  functions: [
    {
      name: "getSurveys",
      description: "Every survey | of a project.",
      inputs: [property({ name: "search", schema: schema(z.string()), output: false })],
      outputs: [
        property({ name: "surveys", schema: schema(z.array(z.object({ id: z.string() }))), input: false }),
      ],
      example: { name: "found", args: { search: "feedback" }, output: "surveys" },
    },
  ],
  config: [
    property({
      name: "apiKey",
      schema: schema(z.string()),
      secret: true,
      description: "The personal API key. Falls back to POSTHOG_API_KEY.",
    }),
    property({ name: "requestTimeoutMs", schema: schema(z.number()), default: 30000 }),
  ],
};

const exported = (name: string, kind: PublicExport["kind"]): PublicExport => ({
  name,
  kind,
  description: `About ${name}.`,
  members: [],
});

const exportsOf = (main: PublicExport[]) =>
  new Map([
    ["pulumi-posthog", main],
    ["pulumi-posthog/testing", [{ ...exported("startPostHogEmulator", "function") }]],
  ]);

const schemaView = getSchema() as unknown as SchemaView;
const pages = referencePages(
  sample,
  exportsOf([
    exported("Survey", "class"),
    exported("getSurveys", "function"),
    exported("getSurveysOutput", "function"),
    exported("SurveyArgs", "type"),
  ]),
  schemaView,
);

const rowOf = (page: string, name: string) =>
  pages
    .get(page)!
    .split("\n")
    .find((line) => line.startsWith(`| \`${name}\` `));

describe("reference pages", () => {
  it("makes one page per resource and function, the settings, the testing entry and the index", () => {
    expect([...pages.keys()].sort()).toEqual(
      ["README.md", "configuration.md", "get-surveys.md", "survey.md", "testing.md", "types.md"].sort(),
    );
    expect(pageName("InviteBatch")).toBe("invite-batch.md");
    expect(pageName("getSurveyResponsesCount")).toBe("get-survey-responses-count.md");
  });

  it("gives each input its names in the plugin's SDKs (Java's setter and enum constants), type, required, default, replaces and PostHog field", () => {
    expect(rowOf("survey.md", "name")).toBe(
      "| `name` | `name` / `Name` / `.name(…)` | `string` | yes |  | no | `name` | The name. |",
    );
    expect(rowOf("survey.md", "projectId")).toBe(
      "| `projectId` | `project_id` / `ProjectId` / `.projectId(…)` | `string \\| number` |  |  | **yes** |  | The projectId. |",
    );
    expect(rowOf("survey.md", "schedule")).toBe(
      '| `schedule` | `schedule` / `Schedule` / `.schedule(…)`, `SurveySchedule.Once`, `SurveySchedule.Recurring`, `SurveySchedule.Always` | `"once" \\| "recurring"` |  | `"once"` | no | `schedule` | The schedule. |',
    );
    expect(rowOf("survey.md", "questions")).toBe(
      "| `questions` | `questions` / `Questions` / `.questions(…)` | `object[]` |  |  | no | `questions` | The questions. |",
    );
  });

  it("lists output-only properties under Outputs, and the inputs that are outputs too", () => {
    const page = pages.get("survey.md")!;
    expect(rowOf("survey.md", "surveyId")).toBe(
      "| `surveyId` | `survey_id` / `SurveyId` / `surveyId()` | `string` | `id` | The surveyId. |",
    );
    expect(page.indexOf("| `surveyId` |")).toBeGreaterThan(page.indexOf("## Outputs"));
    expect(page).toContain("Every input is also an output (`name`, `projectId`, `schedule`, `questions`)");
  });

  it("leaves out an internal output, which no SDK and no TypeScript class has", () => {
    expect(rowOf("survey.md", "declared")).toBeUndefined();
    expect(getSchema().resources["posthog-iac:index:Survey"].properties).not.toHaveProperty("declared");
  });

  it("describes nested objects property by property, with the path a program writes", () => {
    const page = pages.get("survey.md")!;
    expect(page).toContain("### `questions[]`");
    expect(rowOf("survey.md", "type")).toBe('| `type` | `"open"` | yes |  |');
    expect(rowOf("survey.md", "question")).toBe("| `question` | `string` | yes | What is asked. |");
  });

  it("writes a function's arguments and result, and both call forms", () => {
    const page = pages.get("get-surveys.md")!;
    expect(page).toContain("`posthog.getSurveysOutput(args)`");
    expect(rowOf("get-surveys.md", "search")).toBe(
      "| `search` | `search` / `Search` / `.search(…)` | `string` |  |  | The search. |",
    );
    expect(rowOf("get-surveys.md", "surveys")).toBe(
      "| `surveys` | `surveys` / `Surveys` / `surveys()` | `object[]` |  | The surveys. |",
    );
    expect(page).toContain("### `surveys[]`");
  });

  it("writes each setting as its config key, marking the secret one", () => {
    expect(rowOf("configuration.md", "posthog:apiKey")).toBe(
      "| `posthog:apiKey` (secret) | `string` |  | The personal API key. Falls back to POSTHOG_API_KEY. |",
    );
    expect(rowOf("configuration.md", "posthog:requestTimeoutMs")).toBe(
      "| `posthog:requestTimeoutMs` | `number` | `30000` | The requestTimeoutMs. |",
    );
  });

  it("indexes every export with the page that documents it, escaping pipes", () => {
    const index = pages.get("README.md")!;
    expect(index).toContain("- [Survey](survey.md): A PostHog survey.");
    expect(index).toContain("- [getSurveys](get-surveys.md): Every survey \\| of a project.");
    expect(rowOf("README.md", "getSurveysOutput")).toBe(
      "| `getSurveysOutput` | `pulumi-posthog` | function | [get-surveys](get-surveys.md) | About getSurveysOutput. |",
    );
    expect(rowOf("README.md", "SurveyArgs")).toBe(
      "| `SurveyArgs` | `pulumi-posthog` | type | [SurveyArgs](types.md#surveyargs) | About SurveyArgs. |",
    );
    expect(rowOf("README.md", "startPostHogEmulator")).toContain(
      "[testing](testing.md#startposthogemulator-function)",
    );
  });

  it("refuses a class or data function the catalogue does not document", () => {
    expect(() =>
      referencePages(
        sample,
        exportsOf([exported("Dashboard", "class"), exported("getInsights", "function")]),
        schemaView,
      ),
    ).toThrow("exports with no reference page: pulumi-posthog: Dashboard, pulumi-posthog: getInsights");
  });
});

describe("schema types", () => {
  it.each([
    ["string", z.string(), "string"],
    ["int", z.number().int(), "integer"],
    ["nullable boolean", z.boolean().nullable(), "boolean | null"],
    ["nullable enum", z.enum(["a", "b"]).nullable(), '"a" | "b" | null'],
    ["array of a union", z.array(z.union([z.string(), z.number()])), "(string | number)[]"],
    ["record of anything", z.record(z.string(), z.unknown()), "map"],
    ["record of numbers", z.record(z.string(), z.number()), "map of number"],
    ["unknown", z.unknown(), "any"],
  ])("reads %s as its TypeScript type", (_, rule, text) => {
    expect(typeText(schema(rule))).toBe(text);
  });

  it("finds objects nested in unions and arrays", () => {
    const rule = z.object({
      branching: z.union([
        z.object({ type: z.literal("end") }),
        z.object({ to: z.array(z.object({ at: z.number() })) }),
      ]),
    });
    expect(nestedObjects("q", schema(rule)).map((o) => o.path)).toEqual([
      "q",
      "q.branching",
      "q.branching",
      "q.branching.to[]",
    ]);
  });

  it("finds objects that are the values of a map, under <key>", () => {
    const rule = z.record(z.string(), z.object({ status: z.string() }));
    expect(nestedObjects("invitations", schema(rule)).map((o) => o.path)).toEqual(["invitations.<key>"]);
  });

  it("keeps a cell on one line", () => {
    expect(cell("a |\n  b")).toBe("a \\| b");
  });
});
