// Keys named like JavaScript's built-in object properties (`__proto__`, `constructor`, `toString`, …), at every
// nesting level of a Survey, an Invite and an InviteBatch, sent raw over the provider protocol to both faces: the
// SDK's dynamic-provider server and the package's plugin. Both must answer alike, with a true message: every name
// but "__proto__" is a plain key (an unknown input or key where the rules type the object, passed on in `extra`
// and `formContent`), never "belongs to function Object()" or "declared both directly and in extra"; a
// "__proto__" entry is lost in the protocol's Struct decoding on both faces alike, so its keys are never taken as
// declared; and in-process, where an object literal's `__proto__` does reach the provider module, it is refused
// before any rule runs or any request is sent.
import type { ResourceName } from "../../src/plugin/tokens";
import type { CheckFailure } from "../support/provider-server";
import { rawRequest, rawFacesForFile, type Face } from "./raw-faces";
import { failuresAt } from "../support/failures-at";

type Kind = ResourceName;
type Props = Record<string, unknown>;

const stacks = rawFacesForFile();

/** Inputs as JSON text: JSON.parse keeps "__proto__" an own key, as the wire carries it. */
const raw = (json: string): Props => JSON.parse(json) as Props;

async function check(face: Face, kind: Kind, inputs: Props): Promise<CheckFailure[]> {
  const { urn, props } = rawRequest(face, kind, inputs);
  return (await stacks[face].server.check(urn, {}, props)).failures;
}

/** What both faces answer; fails unless they answer the same. */
async function bothFaces(kind: Kind, inputs: Props): Promise<CheckFailure[]> {
  const [dynamic, plugin] = [await check("dynamic", kind, inputs), await check("plugin", kind, inputs)];
  expect({ kind, inputs: JSON.stringify(inputs), failures: plugin }).toEqual({
    kind,
    inputs: JSON.stringify(inputs),
    failures: dynamic,
  });
  return dynamic;
}

const protoReason = (where: string) =>
  `${where} cannot be declared: "__proto__" is JavaScript's name for an object's prototype, not a key PostHog ` +
  "can receive, and it is refused on every face alike. Remove it.";

const SURVEY = '"name": "Built-ins", "type": "popover"';

describe("__proto__ over the provider protocol", () => {
  it("at the top of a survey: its keys are not taken as declared, on either face", async () => {
    const failures = await bothFaces("Survey", raw('{"type": "popover", "__proto__": {"name": "Sneaky"}}'));
    expect(failures).toEqual([
      { property: "name", reason: "name is required. Give the survey a name (at most 400 characters)." },
    ]);
  });

  it("inside a setting or a batch's person: nothing of it is read, on either face", async () => {
    expect(
      await bothFaces("Survey", raw(`{${SURVEY}, "appearance": {"__proto__": {"backgroundColor": 7}}}`)),
    ).toEqual([]);
    expect(
      await bothFaces(
        "InviteBatch",
        raw('{"invites": [{"targetEmail": "a@example.com", "__proto__": {"level": "galactic"}}]}'),
      ),
    ).toEqual([]);
  });
});

describe("__proto__ handed to the provider module in-process", () => {
  const survey =
    require("../../src/resources/survey/provider") as typeof import("../../src/resources/survey/provider");
  // An object literal's `__proto__` sets the prototype: `inputs.name` would read "Sneaky".
  const sneaky = () => ({ __proto__: { name: "Sneaky" }, type: "popover" }) as Props;

  it("is refused by check, naming it", async () => {
    expect((await survey.check({}, sneaky())).failures).toEqual([
      { property: "__proto__", reason: protoReason("__proto__") },
    ]);
    const nested = { ...JSON.parse(`{${SURVEY}}`), appearance: { __proto__: { backgroundColor: "#fff" } } };
    expect((await survey.check({}, nested)).failures).toEqual([
      { property: "", reason: protoReason("appearance.__proto__") },
    ]);
  });

  it("fails create before any request, instead of creating a survey named from the prototype", async () => {
    await expect(survey.create(sneaky())).rejects.toThrow(`Survey: ${protoReason("__proto__")}`);
  });
});

/** JavaScript's built-in property names of a plain object, "__proto__" among them. */
const BUILT_INS = Object.getOwnPropertyNames(Object.prototype);

/**
 * Where a key can sit in a survey, and what the rules say about a plain key there: `unknown` where the object is
 * typed (the expected failure's property and path), `free` where PostHog takes any key.
 */
const SURVEY_PLACES: {
  place: string;
  inputs: (key: string) => string;
  at: string;
  property: string;
  plain: "unknown-input" | "unknown-key" | "free";
}[] = [
  {
    place: "top level",
    inputs: (k) => `{${SURVEY}, "${k}": 1}`,
    at: "",
    property: "",
    plain: "unknown-input",
  },
  {
    place: "appearance",
    inputs: (k) => `{${SURVEY}, "appearance": {"${k}": 1}}`,
    at: "appearance.",
    property: "appearance",
    plain: "unknown-key",
  },
  {
    place: "conditions",
    inputs: (k) => `{${SURVEY}, "conditions": {"${k}": 1}}`,
    at: "conditions.",
    property: "conditions",
    plain: "unknown-key",
  },
  {
    place: "a question",
    inputs: (k) => `{${SURVEY}, "questions": [{"type": "open", "question": "Why?", "${k}": 1}]}`,
    at: "questions[0].",
    property: "questions",
    plain: "unknown-key",
  },
  {
    place: "appearance.extra",
    inputs: (k) => `{${SURVEY}, "appearance": {"extra": {"${k}": 1}}}`,
    at: "appearance.extra.",
    property: "appearance",
    plain: "free",
  },
  {
    place: "formContent",
    inputs: (k) => `{${SURVEY}, "formContent": {"${k}": 1}}`,
    at: "formContent.",
    property: "formContent",
    plain: "free",
  },
];

describe.each(SURVEY_PLACES)(
  "a built-in name as a key of a survey's $place",
  ({ inputs, at, property, plain }) => {
    it.each(BUILT_INS.map((name) => [name]))("%s: both faces answer the same, truly", async (name) => {
      const failures = await bothFaces("Survey", raw(inputs(name)));
      if (name === "__proto__" || plain === "free") {
        // "__proto__" never arrives (see above); a free-form object passes any other key on as it is.
        expect(failures).toEqual([]);
      } else if (plain === "unknown-input") {
        expect(failures).toHaveLength(1);
        expect(failures[0]).toMatchObject({ property: name });
        expect(failures[0].reason).toMatch(new RegExp(`^"${name}" is not a known input\\.`));
      } else {
        // The rule's own words for a key it does not type; never a claim about Object's own members.
        expect(failures).toHaveLength(1);
        expect(failuresAt(failures, property)).toEqual(failures);
        expect(failures[0].reason).toMatch(
          new RegExp(`^${at.replace(/[.[\]]/g, "\\$&")}${name}: unknown key`),
        );
        expect(failures[0].reason).not.toMatch(/function|belongs to/);
      }
    });
  },
);

describe("a built-in name both declared and in extra", () => {
  it.each(BUILT_INS.filter((n) => n !== "__proto__").map((name) => [name]))(
    "%s in appearance.extra alone is not 'declared both directly and in extra'",
    async (name) => {
      const failures = await bothFaces(
        "Survey",
        raw(`{${SURVEY}, "appearance": {"backgroundColor": "#fff", "extra": {"${name}": 1}}}`),
      );
      expect(failures).toEqual([]);
    },
  );
});

describe("a built-in name in an invite", () => {
  it.each(BUILT_INS.map((name) => [name]))("%s at the top of an Invite", async (name) => {
    const failures = await bothFaces("Invite", raw(`{"targetEmail": "a@example.com", "${name}": 1}`));
    if (name === "__proto__") {
      expect(failures).toEqual([]);
    } else {
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({ property: name });
      expect(failures[0].reason).toMatch(new RegExp(`^"${name}" is not a known input\\.`));
    }
  });

  it.each(BUILT_INS.filter((n) => n !== "__proto__").map((name) => [name]))(
    "%s in a batch's person",
    async (name) => {
      const failures = await bothFaces(
        "InviteBatch",
        raw(`{"invites": [{"targetEmail": "a@example.com", "${name}": 1}]}`),
      );
      expect(failures).toHaveLength(1);
      expect(failuresAt(failures, "invites")).toEqual(failures);
      expect(failures[0].reason).toContain(name);
      expect(failures[0].reason).not.toMatch(/function|belongs to/);
    },
  );
});
