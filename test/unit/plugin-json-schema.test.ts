// The JSON Schema zod writes for an input rule, turned into Pulumi types: what a generated SDK will offer.
import { z } from "zod";
import { ANY, convertProperty, pascalCase, TypeRegistry } from "../../src/plugin/json-schema-to-pulumi";

const token = (name: string): string => `posthog-iac:index:${name}`;
const ref = (name: string): { $ref: string } => ({ $ref: `#/types/${token(name)}` });

function convert(rule: z.ZodType, owner = "Survey", property = "field") {
  const registry = new TypeRegistry(token);
  const spec = convertProperty(z.toJSONSchema(rule, { io: "input" }), owner, property, registry);
  return { spec, types: registry.types };
}

describe("JSON Schema to Pulumi types", () => {
  it("maps primitives, and drops null (Pulumi has none: an absent property is the SDKs' no-value)", () => {
    expect(convert(z.string()).spec).toEqual({ type: "string" });
    expect(convert(z.boolean()).spec).toEqual({ type: "boolean" });
    expect(convert(z.number().int().positive().nullable()).spec).toEqual({ type: "integer" });
    expect(convert(z.number().min(0).max(100).nullable().optional()).spec).toEqual({ type: "number" });
    expect(
      convert(
        z
          .string()
          .regex(/^[a-z]+$/)
          .nullable(),
      ).spec,
    ).toEqual({ type: "string" });
  });

  it("keeps a description the rule carries", () => {
    expect(convert(z.string().describe("The survey's name.")).spec).toEqual({
      type: "string",
      description: "The survey's name.",
    });
  });

  it("names an enum after its owner and property, with its values", () => {
    const { spec, types } = convert(z.enum(["once", "recurring", "always"]), "Survey", "schedule");
    expect(spec).toEqual(ref("SurveySchedule"));
    expect(types[token("SurveySchedule")]).toEqual({
      type: "string",
      description: "The values SurveySchedule accepts.",
      enum: [{ value: "once" }, { value: "recurring" }, { value: "always" }],
    });
  });

  it("keeps a numeric enum a plain number, registering no type (Pulumi's program generators want string enums)", () => {
    const { spec, types } = convert(z.literal([5, 7, 10]), "Survey", "scale");
    expect({ spec, types }).toEqual({ spec: { type: "integer" }, types: {} });
    expect(convert(z.literal([0.5, 1.5])).spec).toEqual({ type: "number" });
  });

  it("turns a nested object into a named type, its required keys kept, its own objects named under it", () => {
    const rule = z
      .object({
        groups: z
          .array(
            z
              .object({
                rollout_percentage: z.number().nullable().optional(),
                variant: z.string().optional(),
              })
              .loose(),
          )
          .min(1),
      })
      .loose()
      .nullable();
    const { spec, types } = convert(rule, "Survey", "targetingFlagFilters");
    expect(spec).toEqual(ref("SurveyTargetingFlagFilters"));
    expect(types[token("SurveyTargetingFlagFilters")]).toEqual({
      type: "object",
      description: "The shape of Survey.targetingFlagFilters.",
      properties: { groups: { type: "array", items: ref("SurveyTargetingFlagFiltersGroup") } },
      required: ["groups"],
    });
    expect(types[token("SurveyTargetingFlagFiltersGroup")]).toEqual({
      type: "object",
      description: "The shape of SurveyTargetingFlagFilters.groups[].",
      properties: { rollout_percentage: { type: "number" }, variant: { type: "string" } },
    });
  });

  it("states a nested property that may be null as optional, as it does at the top (Pulumi has no null)", () => {
    // getSurveys' surveys: PostHog answers `appearance: null` for a survey without appearance settings.
    const rule = z.object({
      name: z.string(),
      appearance: z.object({ backgroundColor: z.string().optional() }).nullable(),
      linkedFlagId: z.number().nullable(),
    });
    const { types } = convert(z.array(rule), "GetSurveys", "surveys");
    expect(types[token("GetSurveysSurvey")]).toMatchObject({ required: ["name"] });
  });

  it("turns a discriminated union into one object type: the discriminator an enum, every member's keys", () => {
    const question = z.discriminatedUnion("type", [
      z.object({ type: z.literal("open").describe("Free text."), question: z.string() }).loose(),
      z
        .object({
          type: z.literal("single_choice").describe("One choice."),
          question: z.string(),
          choices: z.array(z.string()).describe("The choices."),
          skip: z.boolean().describe("Skip the button once chosen."),
        })
        .loose(),
      z
        .object({
          type: z.literal("rating"),
          question: z.string(),
          skip: z.boolean().optional().describe("Skip the button once rated."),
        })
        .loose(),
    ]);
    const { spec, types } = convert(z.array(question).optional(), "Survey", "questions");
    expect(spec).toEqual({ type: "array", items: ref("SurveyQuestion") });
    expect(types[token("SurveyQuestion")]).toEqual({
      type: "object",
      description: "The shape of Survey.questions[]: its `type` says which of the other properties apply.",
      properties: {
        type: {
          ...ref("SurveyQuestionType"),
          description:
            'One of "open", "single_choice", "rating"; it says which of the other properties apply.',
        },
        question: { type: "string" },
        choices: {
          type: "array",
          items: { type: "string" },
          description: 'For type "single_choice": The choices.',
        },
        skip: {
          type: "boolean",
          description:
            'For type "single_choice": Skip the button once chosen. For type "rating": Skip the button once rated.',
        },
      },
      // Only what every member requires: check says which member needs what (questions-rule.ts).
      required: ["type", "question"],
    });
    expect(types[token("SurveyQuestionType")]).toEqual({
      type: "string",
      description: "The values SurveyQuestionType accepts.",
      enum: [
        { value: "open", description: "Free text." },
        { value: "single_choice", description: "One choice." },
        { value: "rating" },
      ],
    });
  });

  it("refuses a key whose type differs between a union's members, naming it", () => {
    const clash = z.discriminatedUnion("type", [
      z.object({ type: z.literal("a"), value: z.string() }),
      z.object({ type: z.literal("b"), value: z.number() }),
    ]);
    expect(() => convert(clash, "Survey", "thing")).toThrow(
      'SurveyThing.value: the type values "a", "b" give it different types, which one Pulumi object type cannot ' +
        "hold; give the key one type, or another name per variant.",
    );
  });

  it("maps records to maps, and a value that may be anything to Pulumi's Any", () => {
    expect(convert(z.record(z.string(), z.unknown())).spec).toEqual({
      type: "object",
      additionalProperties: ANY,
    });
    expect(convert(z.record(z.string(), z.number().int())).spec).toEqual({
      type: "object",
      additionalProperties: { type: "integer" },
    });
    expect(convert(z.unknown()).spec).toEqual(ANY);
  });

  it("keeps a union of primitives as oneOf, merging members of the same type", () => {
    expect(convert(z.union([z.string(), z.number().int().positive()])).spec).toEqual({
      oneOf: [{ type: "string" }, { type: "integer" }],
    });
    expect(convert(z.record(z.string(), z.union([z.number().int(), z.literal("end")]))).spec).toEqual({
      type: "object",
      additionalProperties: { oneOf: [{ type: "integer" }, { type: "string" }] },
    });
    expect(convert(z.union([z.literal("a"), z.string()])).spec).toEqual({ type: "string" });
  });

  it("reuses a type asked for twice with the same shape, and refuses two shapes under one name", () => {
    const registry = new TypeRegistry(token);
    const level = z.toJSONSchema(z.enum(["member", "admin"]));
    convertProperty(level, "Invite", "level", registry);
    expect(convertProperty(level, "Invite", "level", registry)).toEqual(ref("InviteLevel"));
    expect(() => convertProperty(z.toJSONSchema(z.enum(["owner"])), "Invite", "level", registry)).toThrow(
      "Two different types would both be named posthog-iac:index:InviteLevel; rename one of the properties.",
    );
  });

  it("names the property when a rule has no Pulumi counterpart, instead of widening it to Any", () => {
    expect(() => convert(z.tuple([z.string(), z.number()]), "Survey", "pair")).toThrow(
      "Survey.pair: a list without an item type.",
    );
    expect(() => convert(z.null(), "Survey", "nothing")).toThrow("Survey.nothing: a schema without a type");
    expect(() => convertProperty({ type: 3 }, "Invite", "level", new TypeRegistry(token))).toThrow(
      "Invite.level: not a JSON Schema this generator reads",
    );
  });

  it("refuses a recursive reference and resolves a plain one", () => {
    const registry = new TypeRegistry(token);
    const schema = { $defs: { Id: { type: "string" } }, $ref: "#/$defs/Id" };
    expect(convertProperty(schema, "Survey", "id", registry)).toEqual({ type: "string" });
    const loop = { $defs: { Node: { $ref: "#/$defs/Node" } }, $ref: "#/$defs/Node" };
    expect(() => convertProperty(loop, "Survey", "tree", registry)).toThrow(
      "Survey.tree: #/$defs/Node is recursive",
    );
  });

  it("writes names in PascalCase", () => {
    expect(pascalCase("single_choice")).toBe("SingleChoice");
    expect(pascalCase("targetingFlagFilters")).toBe("TargetingFlagFilters");
    expect(pascalCase("external_survey")).toBe("ExternalSurvey");
  });
});

describe("types found in several places", () => {
  it("become one type, named by what the places' names share, in the second pass", () => {
    const level = z.toJSONSchema(z.enum(["member", "admin", "owner"]));
    const person = z.toJSONSchema(
      z.array(z.object({ email: z.string(), level: z.enum(["member", "admin", "owner"]) })),
    );
    const run = (registry: TypeRegistry) => [
      convertProperty(level, "Invite", "level", registry),
      convertProperty(person, "InviteBatch", "invites", registry),
      convertProperty(person, "GetInvites", "invites", registry),
    ];
    const first = new TypeRegistry(token);
    run(first);
    const names = first.sharedNames();
    expect(Object.fromEntries(names)).toEqual({
      InviteLevel: "InviteLevel",
      InviteBatchInviteLevel: "InviteLevel",
      GetInvitesInviteLevel: "InviteLevel",
      InviteBatchInvite: "Invite",
      GetInvitesInvite: "Invite",
    });
    const second = new TypeRegistry(token, names);
    expect(run(second)).toEqual([
      ref("InviteLevel"),
      { type: "array", items: ref("Invite") },
      { type: "array", items: ref("Invite") },
    ]);
    expect(Object.keys(second.types)).toEqual([token("InviteLevel"), token("Invite")]);
  });

  it("keep their first name when the shared one would be taken by another type", () => {
    const first = new TypeRegistry(token);
    convertProperty(z.toJSONSchema(z.enum(["a", "b"])), "Survey", "kind", first);
    convertProperty(z.toJSONSchema(z.enum(["a", "b"])), "Invite", "kind", first);
    convertProperty(z.toJSONSchema(z.enum(["c"])), "Kind", "", first);
    expect(first.sharedNames().get("SurveyKind")).toBe("SurveyKind");
  });
});
