// The catalogue (src/resources/catalogue.ts) that the Pulumi schema and the reference pages are generated from:
// its descriptions are the doc comments of the public types (the committed copy in catalogue-docs.ts must match
// them; UPDATE_CATALOGUE=1 rewrites it), and it names every property the resources, functions and settings have.
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import * as publicApi from "../../src";
import { catalogue, type JsonSchema, type PropertyDoc } from "../../src/resources/catalogue";
import { DOCS } from "../../src/resources/catalogue-docs";
import { jsonSchema } from "../../src/resources/catalogue-kit";
import { docsFrom } from "../../src/provider-kit/docs-from";
import { SETTINGS } from "../../src/config";
import { SURVEY_OUTPUT_NAMES } from "../../src/resources/survey/mapping";
import { SURVEY_INPUT_KEYS } from "../../src/resources/survey/validate";
import { BATCH_INPUT_KEYS, INVITE_INPUT_KEYS } from "../../src/resources/invite/inputs";
import { GENERATED_DOCS, generatedDocsModule } from "../support/doc-comments";
import { REPO_ROOT } from "../support/self-link";

const names = (properties: PropertyDoc[], which: "input" | "output") =>
  properties.filter((p) => p[which]).map((p) => p.name);

const isNode = (value: unknown): value is JsonSchema =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** Every property of every object inside `schema`, at any depth, with the path a program writes to reach it. */
function nestedProperties(path: string, schema: unknown): [string, JsonSchema][] {
  if (Array.isArray(schema)) return schema.flatMap((s) => nestedProperties(path, s));
  if (!isNode(schema)) return [];
  const own = isNode(schema.properties)
    ? Object.entries(schema.properties).flatMap(([key, value]): [string, JsonSchema][] =>
        isNode(value) ? [[`${path}.${key}`, value], ...nestedProperties(`${path}.${key}`, value)] : [],
      )
    : [];
  return [
    ...own,
    ...nestedProperties(`${path}[]`, schema.items),
    ...nestedProperties(`${path}.<key>`, schema.additionalProperties),
    ...nestedProperties(path, schema.anyOf),
    ...nestedProperties(path, schema.oneOf),
  ];
}

/** The object variant of `schema` (an object, or one beside null, or one of a union by its `type`). */
function variant(schema: unknown, type?: string): JsonSchema {
  const candidates = [schema, ...(isNode(schema) ? [schema.anyOf, schema.oneOf].flat() : [])];
  const found = candidates.filter(isNode).find((s) => {
    if (!isNode(s.properties)) return false;
    const kind = s.properties.type;
    return type === undefined || (isNode(kind) && kind.const === type);
  });
  if (!found) throw new Error(`no object${type === undefined ? "" : ` of type ${type}`} here`);
  return found;
}

/** The schema of `key` in the object variant of `schema`. */
function prop(schema: unknown, key: string, type?: string): JsonSchema {
  const properties = variant(schema, type).properties;
  const found = isNode(properties) ? properties[key] : undefined;
  if (!isNode(found)) throw new Error(`no property ${key}`);
  return found;
}

/** The list or map `schema` is, alone or beside null. */
const container = (schema: unknown): JsonSchema => {
  const candidates = [schema, ...(isNode(schema) ? [schema.anyOf].flat() : [])].filter(isNode);
  return candidates.find((s) => s.type === "array" || s.type === "object") ?? {};
};
/** A list's items, or a map's values. */
const items = (schema: unknown) => container(schema).items;
const values = (schema: unknown) => container(schema).additionalProperties;

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

  test("every property of a nested object, at every depth, is described", () => {
    const { resources, functions } = built();
    const top = [
      ...resources.flatMap((r) => r.properties.map((p) => [`${r.name}.${p.name}`, p.schema] as const)),
      ...functions.flatMap((f) =>
        [...f.inputs, ...f.outputs].map((p) => [`${f.name}.${p.name}`, p.schema] as const),
      ),
    ];
    const nested = top.flatMap(([where, schema]) => nestedProperties(where, schema));
    // The settings alone hold well over a hundred keys: the walk is not vacuous.
    expect(nested.length).toBeGreaterThan(400);
    const undescribed = nested
      .filter(([, p]) => typeof p.description !== "string" || p.description.trim() === "")
      .map(([where]) => where);
    expect(undescribed).toEqual([]);
    // The link is resolved, not passed on: no `docsFrom` reaches the JSON Schema.
    expect(JSON.stringify(top)).not.toContain("docsFrom");
  });

  test("a nested key's description is the doc comment of its public type, for each kind of nesting", () => {
    const survey = resource("Survey").properties;
    const schema = (name: string) => survey.find((p) => p.name === name)?.schema;
    const member = (symbol: string, key: string) => {
      const text = DOCS[symbol]?.members[key];
      if (text === undefined) throw new Error(`${symbol}.${key} has no doc comment`);
      return text;
    };
    const doc = (node: JsonSchema) => node.description;
    expect(doc(prop(schema("appearance"), "surveyPopupDelaySeconds"))).toBe(
      member("SurveyAppearance", "surveyPopupDelaySeconds"),
    );
    // Each question type from its own interface, with the keys every question shares (QuestionCommon).
    const questions = items(schema("questions"));
    expect(doc(prop(questions, "scale", "rating"))).toBe(member("RatingQuestion", "scale"));
    expect(doc(prop(questions, "choices", "multiple_choice"))).toBe(member("ChoiceQuestion", "choices"));
    expect(doc(prop(questions, "type", "link"))).toBe(member("LinkQuestion", "type"));
    expect(doc(prop(questions, "question", "open"))).toBe(
      "The question text (not blank; HTML is sanitised by PostHog).",
    );
    // A union's variants (QuestionBranching) each describe their own `type`.
    const branching = prop(questions, "branching", "link");
    expect(doc(prop(branching, "type", "end"))).toBe("End the survey (shows the thank-you message, if any).");
    expect(doc(prop(branching, "type", "next_question"))).toBe("Go on to the next question (the default).");
    expect(doc(prop(branching, "index", "specific_question"))).toBe(
      member("QuestionBranching.specific_question", "index"),
    );
    const validation = items(prop(questions, "validation", "open"));
    expect(doc(prop(validation, "errorMessage"))).toBe(member("QuestionValidationRule", "errorMessage"));
    const translation = values(prop(questions, "translations", "open"));
    expect(doc(prop(translation, "buttonText"))).toBe(member("QuestionTranslation", "buttonText"));
    // An inline object of a public type (SurveyConditions.events) and the types its values use.
    const events = prop(schema("conditions"), "events");
    expect(doc(prop(events, "repeatedActivation"))).toBe(
      member("SurveyConditions.events", "repeatedActivation"),
    );
    const event = items(prop(events, "values"));
    expect(doc(prop(event, "name"))).toBe(member("SurveyEventCondition", "name"));
    expect(doc(prop(values(prop(event, "propertyFilters")), "operator"))).toBe(
      member("SurveyPropertyFilter", "operator"),
    );
    const action = items(prop(prop(schema("conditions"), "actions"), "values"));
    expect(doc(prop(action, "id"))).toBe(member("SurveyActionCondition", "id"));
    expect(doc(prop(values(schema("translations")), "name"))).toBe(member("SurveyTranslation", "name"));
    const group = items(prop(schema("targetingFlagFilters"), "groups"));
    expect(doc(prop(group, "rollout_percentage"))).toBe(member("TargetingFlagGroup", "rollout_percentage"));
    // Invite's nested objects, in a batch too.
    const person = items(resource("InviteBatch").properties.find((p) => p.name === "invites")?.schema);
    expect(doc(prop(person, "level"))).toBe(member("BatchPersonArgs", "level"));
    expect(doc(prop(items(prop(person, "privateProjectAccess")), "id"))).toBe(
      member("PrivateProjectAccess", "id"),
    );
  });

  test("a rule's docsFrom must name a documented public type that documents each of its keys", () => {
    const documented = z.object({ id: z.string() }).meta(docsFrom("SurveyAdoption"));
    expect(jsonSchema(z.array(documented))).toMatchObject({
      items: { properties: { id: { description: "The survey's id (UUID)." } } },
    });
    expect(() => jsonSchema(z.object({ id: z.string() }).meta(docsFrom("NoSuchType")))).toThrow(
      "docsFrom names NoSuchType, which is no documented public type.",
    );
    expect(() => jsonSchema(z.object({ colour: z.string() }).meta(docsFrom("SurveyAdoption")))).toThrow(
      "colour has no doc comment in SurveyAdoption: write one.",
    );
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
