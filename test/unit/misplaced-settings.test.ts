// Issue 44, item 3: messages that name the real mistake, in one process. A key set under the other face's
// namespace (`posthog-iac:apiKey` in a TypeScript stack, `posthog:apiKey` in a YAML or Python one) is named, with
// the key this face reads; a host ending in /api is refused, naming the host to set; a misspelt key inside a
// question is one failure, not also "is required" for the key it meant; and a failure inside a property reaches
// the engine without the property, so the engine does not print the whole value in Go's form. The same messages
// through the real CLI: test/cli/provider-messages.test.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  configKey,
  readPulumiConfig,
  requireApiKey,
  resetPulumiConfig,
  resolveSettings,
} from "../../src/config";
import { configureProvider } from "../../src/provider-kit/configure";
import { forTheEngine } from "../../src/provider-kit/check-failures";
import { noteSettingsElsewhere, useProviderSettings } from "../../src/provider-kit/settings-source";
import { PACKAGE_NAME } from "../../src/provider-kit/tokens";
import { settingsUnderDynamicNamespace } from "../../src/plugin/other-face-config";
import { validateSurveyInputs } from "../../src/resources/survey/validate";

const noKey = () => requireApiKey(resolveSettings({}, {}));
const configure = (config: Record<string, string>) =>
  configureProvider({ config: { get: (key) => config[key] } });

const NO_KEY_DYNAMIC =
  "No PostHog API key is configured. Set it with `pulumi config set --secret posthog:apiKey <personal API key>` " +
  "or the POSTHOG_API_KEY environment variable (a personal API key from PostHog > Settings > Personal API keys).";

const MISPLACED_IN_TYPESCRIPT =
  "No PostHog API key is set under posthog:apiKey, which the pulumi-posthog npm package's TypeScript classes " +
  "(Survey, Invite, InviteBatch) read. The stack sets posthog-iac:apiKey instead, which only the resources of the " +
  "posthog-iac provider plugin (the Python, Go, Java, YAML and Node.js SDKs) read. Set the key this program's resources " +
  "read: `pulumi config set --secret posthog:apiKey <personal API key>` (and `pulumi config rm posthog-iac:apiKey` " +
  "if nothing else reads it), or the POSTHOG_API_KEY environment variable.";

const MISPLACED_IN_YAML =
  "No PostHog API key is set under posthog-iac:apiKey, which the resources of the posthog-iac provider plugin " +
  "(the Python, Go, Java, YAML and Node.js SDKs) read. The stack sets posthog:apiKey instead, which only the " +
  "pulumi-posthog npm package's TypeScript classes (Survey, Invite, InviteBatch) read. Set the key this program's " +
  "resources read: `pulumi config set --secret posthog-iac:apiKey <personal API key>` (and `pulumi config rm " +
  "posthog:apiKey` if nothing else reads it), or the POSTHOG_API_KEY environment variable.";

describe("a key under the other face's namespace", () => {
  test("dynamic face: posthog-iac:apiKey alone is named, with posthog:apiKey to set", async () => {
    await configure({});
    expect(noKey).toThrow(NO_KEY_DYNAMIC);
    await configure({ "posthog-iac:apiKey": "phx_elsewhere", "posthog-iac:host": "http://127.0.0.1:1" });
    expect(noKey).toThrow(MISPLACED_IN_TYPESCRIPT);
    expect(noKey).not.toThrow(/phx_elsewhere/);
    // Both set: the face's own key is used, nothing to say.
    await configure({ "posthog-iac:apiKey": "phx_elsewhere", "posthog:apiKey": "phx_here" });
    expect(noKey()).toBe("phx_here");
  });

  test("plugin face: posthog:apiKey in the stack's config file is named, with posthog-iac:apiKey to set", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "misplaced-"));
    try {
      fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: p\nruntime: yaml\n");
      fs.writeFileSync(
        path.join(dir, "Pulumi.dev.yaml"),
        'config:\n  posthog:apiKey:\n    secure: v1:abc\n  "posthog:host": http://x\n  posthog-iac:projectId: "1"\n',
      );
      const urn = "urn:pulumi:dev::p::pulumi:providers:posthog-iac::default";
      expect(settingsUnderDynamicNamespace(urn, dir)).toEqual(["host", "apiKey"]);
      expect(
        settingsUnderDynamicNamespace("urn:pulumi:other::p::pulumi:providers:posthog-iac::default", dir),
      ).toEqual([]);
      // stackConfigDir moves the stack files.
      fs.mkdirSync(path.join(dir, "stacks"));
      fs.renameSync(path.join(dir, "Pulumi.dev.yaml"), path.join(dir, "stacks", "Pulumi.dev.yaml"));
      fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: p\nruntime: yaml\nstackConfigDir: stacks\n");
      expect(settingsUnderDynamicNamespace(urn, dir)).toEqual(["host", "apiKey"]);

      useProviderSettings(PACKAGE_NAME);
      resetPulumiConfig();
      noteSettingsElsewhere(settingsUnderDynamicNamespace(urn, dir));
      expect(noKey).toThrow(MISPLACED_IN_YAML);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a host with the API's path", () => {
  const host = (value: string) => () => readPulumiConfig((name) => (name === "host" ? value : undefined));
  test("https://x/api is refused, naming the host to set; other paths (a proxy's prefix) are kept", () => {
    expect(host("https://posthog.example.com/api")).toThrow(
      `${configKey("host")} is` +
        " PostHog's address without the API path, such as https://us.posthog.com: the provider adds " +
        '/api/… to each request itself, so "https://posthog.example.com/api" would be asked for ' +
        "https://posthog.example.com/api/api/…. Set it to https://posthog.example.com.",
    );
    expect(host("https://example.com/posthog/api/")).toThrow(/Set it to https:\/\/example.com\/posthog\.$/);
    expect(host("https://example.com/posthog/")()).toEqual({ host: "https://example.com/posthog" });
    expect(host("https://example.com/apis")()).toEqual({ host: "https://example.com/apis" });
  });
});

describe("a mistake inside a question", () => {
  const survey = (question: Record<string, unknown>) =>
    validateSurveyInputs({ name: "s", type: "popover", questions: [question] });

  test("a misspelt required key is one failure, at the misspelt key", () => {
    expect(survey({ type: "open", questoin: "How?" })).toEqual([
      { property: "questions", reason: 'questions[0].questoin: unknown key; did you mean "question"?' },
    ]);
    // A misspelt key whose meant key is also given: both are reported (two mistakes).
    expect(survey({ type: "open", question: "How?", questoin: "How?" })).toEqual([
      { property: "questions", reason: 'questions[0].questoin: unknown key; did you mean "question"?' },
    ]);
    // A missing key with no misspelling near it still says it is required.
    expect(survey({ type: "open" })).toEqual([
      { property: "questions", reason: "questions[0].question: question text (`question`) is required." },
    ]);
  });

  test("reaches the engine without the property, so the engine prints the path and not the whole value", () => {
    const [failure] = survey({ type: "rating", question: "How?", scale: "ten" });
    expect(forTheEngine(failure)).toEqual({
      property: "",
      reason: "questions[0].scale: rating scale must be 2, 3 or 5 (emoji) or 5, 7 or 10 (number).",
    });
    const topLevel = { property: "type", reason: "type must be one of: …" };
    expect(forTheEngine(topLevel)).toBe(topLevel);
  });
});
