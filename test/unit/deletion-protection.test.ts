// Deletion protection's words (src/resources/survey/deletion-protection.ts): each refusal names the survey, its
// responses and the way out, in the program's language, in at most 80 words; and what the protection reads from a
// stored declaration.
import fc from "fast-check";
import {
  deleteRefusal,
  protectionOff,
  protectionOn,
  replaceRefusal,
  replacementConsented,
  storedProtectionOn,
  surveyNamed,
  uncountedRefusal,
} from "../../src/resources/survey/deletion-protection";
import type { Face } from "../../src/ownership/refusals";
import { diff } from "../../src/resources/survey/preview";
import { declareSurvey } from "../../src/resources/survey/declaration";
import { UNKNOWN } from "../../src/provider-kit/unknown";
import { setMessageSink } from "../../src/scrub";

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
        const id = "0196f1a0-5c3e-7000-8000-00000000f00d";
        const deleted = [`/api/organizations/o/invites/${id}/`, `/api/projects/1/surveys/${id}/`];
        const refusals = [
          deleteRefusal(survey, count, id, deleted),
          replaceRefusal(survey, count, ["projectId"], face),
        ];
        for (const refusal of refusals) {
          expect(refusal.startsWith(`Survey ${JSON.stringify(name)} (${id}) holds ${count} response`)).toBe(
            true,
          );
          expect(words(refusal)).toBeLessThanOrEqual(80);
        }
        expect(refusals[1]).toContain(protectionOff(face));
      },
    ),
  );
  expect(deleteRefusal('Survey "NPS" (x)', 1, "x")).toBe(
    'Survey "NPS" (x) holds 1 response (counted just before its delete) and has deletion protection, so it was ' +
      "not deleted. To delete it with its responses, run the same command again with " +
      "POSTHOG_DELETE_WITH_RESPONSES=x in the environment; to keep it in PostHog and stop managing it, with " +
      "POSTHOG_LEAVE_IN_POSTHOG=x.",
  );
  // After other deletes of the run (a destroy part-way): what it deleted, and what a plain up would send again.
  expect(
    deleteRefusal('Survey "NPS" (x)', 2, "x", [
      "/api/organizations/o/invites/i1/",
      "/api/projects/1/surveys/s2/",
    ]),
  ).toContain(
    "so it was not deleted. This run already deleted invite i1, survey s2; a plain pulumi up would create them " +
      "again (an invite sends a new invitation email). To delete it",
  );
  // One survey deleted: "it", and no word of an invitation.
  expect(deleteRefusal('Survey "NPS" (x)', 2, "x", ["/api/projects/1/surveys/s2/"])).toContain(
    "This run already deleted survey s2; a plain pulumi up would create it again. To delete it",
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
  // A long failure keeps its first sentence, within 25 words.
  const long = uncountedRefusal(
    surveyNamed("x".repeat(400), "0196f1a0-5c3e-7000-8000-00000000f00d"),
    "replaced",
    `PostHog API GET /api/projects/1/surveys/responses_count/ failed: ${"no answer ".repeat(40)}. Raise the timeout.`,
  );
  expect(long).toContain("failed: no answer no answer");
  expect(long).not.toContain("Raise the timeout");
  expect(words(long)).toBeLessThanOrEqual(80);
  // A key PostHog refused: the fix for the key (client/errors.ts), still within 80 words.
  const refused = uncountedRefusal(
    surveyNamed("Auth survey", "0196f1a0-5c3e-7000-8000-00000000f00d"),
    "deleted",
    'Survey "Auth survey": could not delete it. PostHog API GET /api/projects/1/surveys/responses_count/ failed ' +
      "with 401 authentication_failed: Personal API key found in request Authorization header is invalid. The " +
      "PostHog API key is missing or invalid: set posthog:apiKey (as a secret: pulumi config set --secret " +
      "posthog:apiKey <key>) or the POSTHOG_API_KEY environment variable.",
  );
  expect(refused).toContain(
    "The PostHog API key is missing or invalid: set posthog:apiKey (as a secret: pulumi config set --secret " +
      "posthog:apiKey <key>) or the POSTHOG_API_KEY environment variable, then run again, or run it with " +
      "POSTHOG_DELETE_WITH_RESPONSES=<survey id> (or POSTHOG_LEAVE_IN_POSTHOG=<survey id>) in the environment.",
  );
  expect(words(refused)).toBeLessThanOrEqual(80);
});

describe("the diff of a replacement, before any request", () => {
  const olds = { projectId: "1", name: "NPS", declared: { name: "NPS", type: "api" } };
  const news = (deletionProtection: unknown) =>
    declareSurvey({ name: "NPS", type: "api", projectId: "2", deletionProtection });
  let said: string[];
  beforeEach(() => {
    said = [];
    setMessageSink((severity, text) => said.push(`${severity}: ${text}`));
  });
  afterEach(() => setMessageSink(undefined));

  test("deletionProtection: false lets it go, and the replaced survey's delete is consented", async () => {
    expect(replacementConsented("s-false")).toBe(false);
    const result = await diff("s-false", olds, news(false));
    expect(result.replaces).toEqual(["projectId"]);
    expect(replacementConsented("s-false")).toBe(true);
    expect(said).toEqual([]);
  });

  test("a deletionProtection not known yet is said, and the up decides", async () => {
    const result = await diff("s-unknown", olds, news(UNKNOWN));
    expect(result.replaces).toEqual(["projectId"]);
    expect(replacementConsented("s-unknown")).toBe(false);
    expect(said).toEqual([
      'warning: Survey "NPS" (s-unknown): the change of projectId replaces it, and deletionProtection is not ' +
        "known until the up: if it is not false then and the survey holds responses, the up refuses the " +
        "replacement before sending anything.",
    ]);
  });
});
