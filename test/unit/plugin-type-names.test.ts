// Every nested type of the plugin schema has a pinned name (src/plugin/type-names.ts), so a change to one shape can
// never rename a type in a user's Python, Go or TypeScript SDK.
import { TypeRegistry } from "../../src/plugin/json-schema-to-pulumi";
import { getSchema, proposedTypeNames, typeToken } from "../../src/plugin/schema";
import { TYPE_NAMES } from "../../src/plugin/type-names";

describe("plugin schema type names", () => {
  const proposed = proposedTypeNames();

  it("pins every place a type sits", () => {
    const missing = [...proposed].filter(([place]) => !Object.hasOwn(TYPE_NAMES, place));
    // The message is the lines to add to TYPE_NAMES.
    expect(missing.map(([place, name]) => `${place}: ${JSON.stringify(name)},`)).toEqual([]);
  });

  it("keeps no pin for a place that no longer exists", () => {
    expect(Object.keys(TYPE_NAMES).filter((place) => !proposed.has(place))).toEqual([]);
  });

  it("leaves Survey's bookkeeping output out, so no SDK shows it", () => {
    expect(Object.keys(getSchema().resources["posthog-iac:index:Survey"].properties)).not.toContain(
      "declared",
    );
  });

  it("names the schema's types by the pins alone", () => {
    const tokens = Object.keys(getSchema().types).map((token) => token.replace(/^posthog-iac:index:/, ""));
    expect(new Set(tokens)).toEqual(new Set(Object.values(TYPE_NAMES)));
  });

  it("refuses two shapes under one pinned name instead of renaming either", () => {
    // As if one of the two level enums pinned to `Level` gained a value: the build stops and says so.
    const registry = new TypeRegistry(
      typeToken,
      new Map([
        ["InviteLevel", "Level"],
        ["GetMembersMemberLevel", "Level"],
      ]),
    );
    registry.add("InviteLevel", {
      type: "string",
      description: "a",
      enum: [{ value: "member" }, { value: "admin" }],
    });
    expect(() =>
      registry.add("GetMembersMemberLevel", {
        type: "string",
        description: "b",
        enum: [{ value: "member" }, { value: "viewer" }],
      }),
    ).toThrow(
      "Two different types would both be named posthog-iac:index:Level; rename one of the properties.",
    );
  });
});
