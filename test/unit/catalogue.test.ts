// The catalogue (src/resources/catalogue.ts) that the Pulumi schema and the reference pages are generated from:
// its descriptions are the doc comments of the public types (the committed copy in catalogue-docs.ts must match
// them; UPDATE_CATALOGUE=1 rewrites it), and it names every property the resources, functions and settings have.
import fs from "node:fs";
import path from "node:path";
import * as publicApi from "../../src";
import { catalogue, type PropertyDoc } from "../../src/resources/catalogue";
import { SETTINGS } from "../../src/config";
import { SURVEY_OUTPUT_NAMES } from "../../src/resources/survey/mapping";
import { SURVEY_INPUT_KEYS } from "../../src/resources/survey/validate";
import { BATCH_INPUT_KEYS, INVITE_INPUT_KEYS } from "../../src/resources/invite/inputs";
import { GENERATED_DOCS, generatedDocsModule } from "../support/doc-comments";
import { REPO_ROOT } from "../support/self-link";

const names = (properties: PropertyDoc[], which: "input" | "output") =>
  properties.filter((p) => p[which]).map((p) => p.name);

test("catalogue-docs.ts is the doc comments of the public types as they are now", () => {
  const file = path.join(REPO_ROOT, GENERATED_DOCS);
  const expected = generatedDocsModule();
  if (process.env.UPDATE_CATALOGUE === "1") fs.writeFileSync(file, expected);
  expect(fs.readFileSync(file, "utf8")).toBe(expected);
});

describe("catalogue()", () => {
  // Built in the tests, after the first test above has had the chance to regenerate the descriptions.
  const built = () => catalogue();
  const resource = (name: string) => {
    const found = built().resources.find((r) => r.name === name);
    if (!found) throw new Error(`no ${name} in the catalogue`);
    return found;
  };

  test("every resource, function and setting has a description, and so has each property", () => {
    const { resources, functions, config } = built();
    const entries = [...resources, ...functions];
    expect(resources.map((r) => r.name)).toEqual(["Survey", "Invite", "InviteBatch"]);
    for (const entry of entries)
      expect([entry.name, entry.description.trim().length > 0]).toEqual([entry.name, true]);
    const properties = [
      ...resources.flatMap((r) => r.properties.map((p) => [r.name, p] as const)),
      ...functions.flatMap((f) => [...f.inputs, ...f.outputs].map((p) => [f.name, p] as const)),
      ...config.map((p) => ["config", p] as const),
    ];
    const undescribed = properties
      .filter(([, p]) => p.description.trim() === "")
      .map(([o, p]) => `${o}.${p.name}`);
    expect(undescribed).toEqual([]);
  });

  test("each resource lists every input its check accepts and every output its class exposes", () => {
    const survey = resource("Survey").properties;
    expect(names(survey, "input").sort()).toEqual([...SURVEY_INPUT_KEYS].sort());
    expect(names(survey, "output").sort()).toEqual([...SURVEY_OUTPUT_NAMES, "declared"].sort());
    expect(names(resource("Invite").properties, "input").sort()).toEqual([...INVITE_INPUT_KEYS].sort());
    expect(names(resource("InviteBatch").properties, "input").sort()).toEqual([...BATCH_INPUT_KEYS].sort());
  });

  test("the functions are the data functions the package exports", () => {
    const { functions } = built();
    const exported = Object.keys(publicApi).filter(
      (name) => /^get[A-Z]/.test(name) && !name.endsWith("Output"),
    );
    expect(functions.map((f) => f.name).sort()).toEqual(exported.sort());
  });

  test("a survey field carries its wire name, reset value and JSON Schema from the field table and its rule", () => {
    const survey = resource("Survey").properties;
    const field = (name: string) => survey.find((p) => p.name === name);
    expect(field("startDate")).toMatchObject({
      posthogField: "start_date",
      input: true,
      output: true,
      required: false,
      default: null,
      replaces: false,
      schema: { type: ["string", "null"] },
    });
    expect(field("name")).toMatchObject({ required: true, posthogField: "name", schema: { type: "string" } });
    expect(field("name")).not.toHaveProperty("default");
    expect(field("projectId")).toMatchObject({ replaces: true, input: true, output: true });
    expect(field("surveyId")).toMatchObject({ input: false, output: true });
    expect(field("adopt")?.schema).toMatchObject({
      type: "object",
      properties: { id: { description: "The survey's id (UUID)." } },
    });
    expect(field("createdBy")?.schema).toMatchObject({
      anyOf: [
        { type: "object", properties: { email: { description: "The user's email address." } } },
        { type: "null" },
      ],
    });
  });

  test("invite defaults are the ones the mapping applies", () => {
    const invite = resource("Invite").properties;
    const defaults = Object.fromEntries(invite.filter((p) => "default" in p).map((p) => [p.name, p.default]));
    expect(defaults).toEqual({
      firstName: "",
      message: null,
      level: "member",
      privateProjectAccess: [],
      sendEmail: true,
      renewWhenExpired: true,
      adopt: false,
      removeMemberOnDelete: false,
    });
    expect(invite.filter((p) => p.replaces).map((p) => p.name)).toEqual(["organizationId", "targetEmail"]);
  });

  test("config lists every setting, with its environment fallback, and the key is secret", () => {
    const { config } = built();
    expect(config.map((p) => p.name)).toEqual(Object.keys(SETTINGS));
    for (const setting of config) {
      const row: { env: readonly string[] } = SETTINGS[setting.name as keyof typeof SETTINGS];
      expect(setting.description).toContain(row.env[0]);
    }
    expect(config.filter((p) => p.secret).map((p) => p.name)).toEqual(["apiKey"]);
    expect(config.find((p) => p.name === "host")?.default).toBe("https://us.posthog.com");
  });
});
