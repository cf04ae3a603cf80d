// Deletion protection's words (src/resources/survey/deletion-protection.ts): each refusal names the survey, its
// responses and the way out, in the program's language, in at most 80 words; and what the protection reads from a
// stored declaration.
import fc from "fast-check";
import {
  deleteRefusal,
  protectionOff,
  protectionOn,
  replaceRefusal,
  storedProtectionOn,
  surveyNamed,
  uncountedRefusal,
} from "../../src/resources/survey/deletion-protection";
import type { Face } from "../../src/provider-kit/ways-out";

const FACES: Face[] = ["dynamic", "nodejs", "python", "go", "yaml", "dotnet", "java", "unknown"];
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

test("the protection is on unless the program declares false", () => {
  expect([undefined, true, null, "false", 0].map(protectionOn)).toEqual([true, true, true, true, true]);
  expect(protectionOn(false)).toBe(false);
  expect(storedProtectionOn({})).toBe(true);
  expect(storedProtectionOn({ declared: { name: "x" } })).toBe(true);
  expect(storedProtectionOn({ declared: { deletionProtection: false } })).toBe(false);
  // Never read from the outputs themselves: only what the program declared at the last apply counts.
  expect(storedProtectionOn({ deletionProtection: false, declared: {} })).toBe(true);
});

test("the way out is written as each language writes the input", () => {
  expect(Object.fromEntries(FACES.map((face) => [face, protectionOff(face)]))).toEqual({
    dynamic: "deletionProtection: false",
    nodejs: "deletionProtection: false",
    python: "deletion_protection=False",
    go: "DeletionProtection: pulumi.Bool(false)",
    yaml: "deletionProtection: false",
    dotnet: "DeletionProtection = false",
    java: ".deletionProtection(false)",
    unknown: "deletionProtection: false",
  });
});

test("each refusal names the survey, its responses and the way out, in at most 80 words", () => {
  fc.assert(
    fc.property(
      fc.string({ minLength: 1, maxLength: 400 }).filter((s) => !/\s/.test(s)),
      fc.integer({ min: 1, max: 10_000_000 }),
      fc.constantFrom(...FACES),
      (name, count, face) => {
        const survey = surveyNamed(name, "0196f1a0-5c3e-7000-8000-00000000f00d");
        const refusals = [
          deleteRefusal(survey, count, face),
          replaceRefusal(survey, count, ["projectId"], face),
        ];
        for (const refusal of refusals) {
          expect(
            refusal.startsWith(
              `Survey ${JSON.stringify(name)} (0196f1a0-5c3e-7000-8000-00000000f00d) holds ${count} response`,
            ),
          ).toBe(true);
          expect(refusal).toContain(protectionOff(face));
          expect(words(refusal)).toBeLessThanOrEqual(80);
        }
      },
    ),
  );
  expect(deleteRefusal('Survey "NPS" (x)', 1, "python")).toBe(
    'Survey "NPS" (x) holds 1 response and has deletion protection, so nothing was deleted. To delete it with ' +
      "its responses: set deletion_protection=False on the resource (put it back in the program if you removed " +
      "it), run pulumi up (it sends PostHog nothing), then delete it again.",
  );
});

test("a count that failed keeps the survey and says why", () => {
  const said = uncountedRefusal(
    'Survey "NPS" (x)',
    "deleted",
    "PostHog answered 403: missing scope survey:read.",
  );
  expect(said).toContain(
    'Survey "NPS" (x) was not deleted: deletion protection could not count its responses',
  );
  expect(said).toContain("(PostHog answered 403: missing scope survey:read)");
  expect(words(said)).toBeLessThanOrEqual(80);
});
