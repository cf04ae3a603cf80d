// examples/ci-pipeline: the program runs with its committed stack config (Pulumi.production.yaml, pointed at
// the emulator instead of PostHog), and the workflow does what its README promises.
import fs from "node:fs";
import path from "node:path";
import { destroyAll, dump, exampleEngine, exampleProgram, previewUpNoop } from "./example-program";
import { REPO_ROOT } from "../support/self-link";
import { startStack, TestStack } from "../support/stack";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

const DIR = path.join(REPO_ROOT, "examples/ci-pipeline");
const PROJECT = "posthog-ci-pipeline";
const program = exampleProgram("ci-pipeline");
const read = (file: string) => fs.readFileSync(path.join(DIR, file), "utf8");

/** The `config:` map of a stack file (flat scalars, as this one is). */
function stackConfig(text: string): Record<string, string> {
  const config: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const m = /^ {2}([\w-]+:[\w-]+):\s*(.+)$/.exec(line);
    if (m) config[m[1]] = m[2].trim().replace(/^"(.*)"$/, "$1");
  }
  return config;
}

describe("examples/ci-pipeline", () => {
  it("runs with the committed production stack config: preview, up, no change, destroy", async () => {
    const committed = stackConfig(read("Pulumi.production.yaml"));
    expect(Object.keys(committed).sort()).toEqual([
      "posthog-ci-pipeline:appUrl",
      "posthog-ci-pipeline:environment",
      "posthog:host",
      "posthog:projectId",
    ]);
    // CI swaps PostHog for the emulator; everything else comes from the file.
    const config = { ...committed, "posthog:host": stack.url, "posthog:projectId": String(stack.projectId) };
    const engine = exampleEngine(stack, PROJECT, config);
    const up = await previewUpNoop(stack, engine, program, ["release-feedback", "beta-signup"]);
    const surveys = (await dump(stack)).surveys;
    expect(surveys.map((s) => s.name).sort()).toEqual([
      "Beta program sign-up (production)",
      "Release feedback (production)",
    ]);
    const release = surveys.find((s) => s.name.startsWith("Release"))!;
    expect(release.conditions).toMatchObject({ url: "https://app.example.com/releases" });
    expect(up.outputs.surveys).toEqual({
      releaseFeedback: release.id,
      betaSignup: surveys.find((s) => s.name.startsWith("Beta"))!.id,
    });
    await destroyAll(stack, engine);
    expect((await dump(stack)).surveys).toEqual([]);
  });

  it("keeps the API key out of the repository", () => {
    for (const file of ["Pulumi.production.yaml", ".github/workflows/posthog.yml", "index.ts"]) {
      expect(read(file)).not.toMatch(/phx_[A-Za-z0-9]/);
      expect(read(file)).not.toMatch(/posthog:apiKey:/);
    }
  });

  it("previews on pull requests and deploys on main, with the key from the POSTHOG_API_KEY secret", () => {
    const workflow = read(".github/workflows/posthog.yml");
    expect(workflow).toMatch(
      /^on:\n {2}pull_request:\n {4}branches: \[main\]\n {2}push:\n {4}branches: \[main\]$/m,
    );
    expect(workflow).toContain("POSTHOG_API_KEY: ${{ secrets.POSTHOG_API_KEY }}");
    const job = (name: string) =>
      workflow.split(/^ {2}(?=\w+:$)/m).find((part) => part.startsWith(`${name}:`)) ?? "";
    expect(job("preview")).toContain("if: github.event_name == 'pull_request'");
    expect(job("preview")).toMatch(/run: pulumi preview --stack "\$PULUMI_STACK"/);
    expect(job("preview")).not.toContain("pulumi up");
    expect(job("up")).toContain("if: github.event_name == 'push' && github.ref == 'refs/heads/main'");
    expect(job("up")).toMatch(/run: pulumi up --stack "\$PULUMI_STACK" --yes/);
    expect(workflow).toContain("PULUMI_STACK: production");
    // Both jobs install exactly the committed lockfile.
    for (const name of ["preview", "up"]) expect(job(name)).toContain("run: npm ci");
    expect(workflow).not.toMatch(/run: npm install/);
    expect(fs.existsSync(path.join(DIR, "Pulumi.production.yaml"))).toBe(true);
  });
});
