// Issue 51, item 1, through the real CLI: a survey question is one object type in the plugin's schema
// (SurveyQuestion), so pulumi-yaml checks a YAML program's question against it as it checks any object, and a
// misspelt key (`qestion:`) gets pulumi-yaml's own message on that one type: `question` missing, and the type's keys
// listed closest first (`Existing properties are: question, …`). Before, the schema's questions were a `oneOf` of
// five types, which pulumi-yaml tried one by one: the same typo printed a dump naming every question type
// (docs/plugin.md#one-object-type-per-union).
// Nothing reaches PostHog: the program fails before the provider is asked. The output is printed for the note.
// Runs in `npm run test:cli`; elsewhere jest reports it skipped.
import { PACKAGE_NAME, RESOURCE_TOKENS } from "../../src/plugin/tokens";
import { failureOf, requirePulumiCli } from "../support/pulumi-cli";
import { emulatorStackConfig, startTestEmulator } from "./plugin/emulators";
import { YAML_LANGUAGE } from "./plugin/languages";
import { preparePluginProject, readProject, writeProject } from "./program-folder";

const pulumi = requirePulumiCli();
const withCli = pulumi ? it : it.skip;

/** What a failed command printed: its stdout and stderr (failureOf's message also repeats stderr in its first part). */
function printedBy(failure: string): string {
  const at = failure.indexOf("\n--- stdout\n");
  expect(at).toBeGreaterThanOrEqual(0);
  return failure.slice(at);
}

describe("one question type: YAML's own message for a misspelt key inside a question", () => {
  withCli(
    "YAML: `qestion:` gives pulumi-yaml's message on the one question type, and the emulator receives nothing",
    async () => {
      if (!pulumi) throw new Error("runs only with a pulumi CLI");
      const emulator = await startTestEmulator("phx_question_type_yaml_0001");
      const project = await preparePluginProject(pulumi, YAML_LANGUAGE);
      try {
        writeProject(project.dir, {
          ...readProject(project.dir),
          resources: {
            feedback: {
              type: RESOURCE_TOKENS.Survey,
              properties: {
                name: "Product feedback",
                type: "api",
                questions: [
                  { type: "rating", question: "How likely are you to recommend us?", scale: 10 },
                  { type: "open", qestion: "What should we build next?" },
                ],
              },
            },
          },
        });
        await project.newStack("dev", emulatorStackConfig(PACKAGE_NAME, emulator));
        await emulator.take();
        const printed = printedBy(await failureOf(project.cli("preview")));
        console.log(`YAML, a misspelt key inside a question:\n${printed}`);
        const summary = printed.slice(printed.indexOf("Diagnostics:"), printed.indexOf("Resources:"));
        // pulumi-yaml's own check, on the one question type: the missing `question` and its list of the type's
        // keys, closest to the typo first (pulumi-yaml pkg/pulumiyaml/diags/diags.go, NonExistentFieldFormatter).
        expect(summary).toContain(
          "Cannot assign '{type: string, qestion: string}' to 'posthog-iac:index:SurveyQuestion':",
        );
        expect(summary).toContain("question: Missing required property 'question'");
        expect(summary).toMatch(/Existing properties are: question, /);
        // No member-by-member dump: no per-type name; the summary stays short (it was 20-38 lines).
        expect(summary).not.toMatch(/SurveyQuestion(Open|Link|Rating|SingleChoice|MultipleChoice)\b/);
        expect(summary.trim().split("\n").length).toBeLessThanOrEqual(16);
        expect(await emulator.take()).toEqual([]);
      } finally {
        project.cleanup();
        await emulator.close();
      }
    },
    1_800_000,
  );
});
