// The ways out a refused create names (src/ownership/refusals.ts): an alias first, written as the program's
// language writes a resource option, then adopt, then (plugin face only) pulumi import, each saying what it does
// to the resource that held the object.
import { runtimeOf } from "../../src/provider-kit/program-runtime";
import { adoptSetting, aliasOption, renameWaysOut, type RefusedObject } from "../../src/ownership/refusals";

describe("runtimeOf", () => {
  it.each([
    ["name: p\nruntime: yaml\n", "yaml"],
    ["name: p\nruntime: 'python'\n", "python"],
    ["name: p\nruntime:\n  name: go\n  options:\n    binary: x\n", "go"],
    ["name: p\nruntime:\n  options:\n    typescript: true\n  name: nodejs\n", "nodejs"],
    ["runtime: {name: dotnet}\n", "dotnet"],
    ["name: p\nruntime: cobol\n", undefined],
    ["name: p\n", undefined],
    ["description: runtime: yaml\n", undefined],
  ])("%j -> %s", (text, runtime) => {
    expect(runtimeOf(text)).toBe(runtime);
  });
});

const URN = "urn:pulumi:dev::shop::posthog-iac:index:Survey::nps-new";
const REFUSED: RefusedObject = {
  id: "s1",
  urn: URN,
  adopt: { id: "s1" },
  token: "posthog-iac:index:Survey",
};

describe("the alias each face writes", () => {
  it("YAML gets the old URN (pulumi-yaml before 1.28 takes URNs only), with the old name to fill in", () => {
    expect(aliasOption(URN, "yaml")).toBe(
      'options: {aliases: ["urn:pulumi:dev::shop::posthog-iac:index:Survey::<old name>"]}',
    );
  });
  it("TypeScript (both faces), Python and Go name the old name", () => {
    expect(aliasOption(URN, "dynamic")).toBe('the resource\'s options { aliases: [{ name: "<old name>" }] }');
    expect(aliasOption(URN, "nodejs")).toBe(aliasOption(URN, "dynamic"));
    expect(aliasOption(URN, "python")).toBe(
      'opts=pulumi.ResourceOptions(aliases=[pulumi.Alias(name="<old name>")])',
    );
    expect(aliasOption(URN, "go")).toBe(
      'pulumi.Aliases([]pulumi.Alias{{Name: pulumi.String("<old name>")}})',
    );
  });
  it("a language it cannot tell stays generic", () => {
    expect(aliasOption(URN, "unknown")).toBe(
      "the aliases resource option with the old name (its URN: urn:pulumi:dev::shop::posthog-iac:index:Survey::<old name>)",
    );
  });
});

describe("renameWaysOut", () => {
  it("names the teammate's backend first, then the alias, adopt and (plugin) pulumi import with this resource's name", () => {
    const text = renameWaysOut(REFUSED, "yaml");
    const order = [
      "If a teammate's stack manages it, use that stack's backend.",
      "as an alias",
      'adopt: {id: "s1"}',
      "pulumi import posthog-iac:index:Survey nps-new s1",
    ].map((part) => text.indexOf(part));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text.startsWith("If a teammate's stack manages it")).toBe(true);
  });
  it("offers no import on the dynamic face, where Pulumi cannot import", () => {
    expect(renameWaysOut(REFUSED, "dynamic")).not.toContain("pulumi import");
  });
});

describe("the adopt setting each face writes (issue 51: a Python user was shown JavaScript)", () => {
  const survey = { id: "s1", name: "NPS" };
  it.each([
    ["dynamic", 'adopt: {id: "s1"} (or adopt: {name: "NPS"})', "adopt: true"],
    ["python", 'adopt={"id": "s1"} (or adopt={"name": "NPS"})', "adopt=True"],
    [
      "go",
      'Adopt: &posthogiac.SurveyAdoptArgs{Id: pulumi.String("s1")} (or Adopt: &posthogiac.SurveyAdoptArgs{Name: pulumi.String("NPS")})',
      "Adopt: pulumi.Bool(true)",
    ],
    ["yaml", 'adopt: {id: "s1"} (or adopt: {name: "NPS"})', "adopt: true"],
  ] as const)("%s", (face, forSurvey, forInvite) => {
    expect(adoptSetting(survey, face)).toBe(forSurvey);
    expect(adoptSetting(true, face)).toBe(forInvite);
  });
  it("a Python refusal holds no JavaScript object", () => {
    const text = renameWaysOut({ ...REFUSED, adopt: survey }, "python");
    expect(text).toContain('set adopt={"id": "s1"} (or adopt={"name": "NPS"})');
    expect(text).not.toMatch(/adopt: \{/);
  });
});
