// examples/ci-pipeline: the program runs with its committed stack config (Pulumi.production.yaml, pointed at
// the emulator instead of PostHog), and the workflow does what its README promises.
import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
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

/** The `config:` map of a stack file. */
function stackConfig(text: string): Record<string, string> {
  return (parse(text) as { config: Record<string, string> }).config;
}

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: Record<string, { branches: string[] }>;
  env: Record<string, string>;
  jobs: Record<string, { if: string; permissions?: Record<string, string>; steps: Step[] }>;
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

  it("comments the preview on each pull request and runs up only on a push to main", () => {
    const workflow = parse(read(".github/workflows/posthog.yml")) as Workflow;
    expect(workflow.on).toEqual({ pull_request: { branches: ["main"] }, push: { branches: ["main"] } });
    expect(workflow.env).toMatchObject({
      PULUMI_STACK: "production",
      POSTHOG_API_KEY: "${{ secrets.POSTHOG_API_KEY }}",
    });
    expect(Object.keys(workflow.jobs).sort()).toEqual(["preview", "up"]);
    const pulumiSteps = (job: string) =>
      workflow.jobs[job].steps.filter((s) => s.uses?.startsWith("pulumi/actions@"));

    const preview = workflow.jobs.preview;
    expect(preview.if).toBe("github.event_name == 'pull_request'");
    expect(pulumiSteps("preview")).toEqual([
      {
        name: "pulumi preview",
        uses: "pulumi/actions@v6",
        with: {
          command: "preview",
          "stack-name": "${{ env.PULUMI_STACK }}",
          "work-dir": "${{ env.PROGRAM_DIR }}",
          diff: true,
          "comment-on-pr": true,
          "github-token": "${{ secrets.GITHUB_TOKEN }}",
        },
      },
    ]);
    // Commenting needs write access to pull requests; nothing else is widened.
    expect(preview.permissions).toEqual({ contents: "read", "pull-requests": "write" });

    const up = workflow.jobs.up;
    expect(up.if).toBe("github.event_name == 'push' && github.ref == 'refs/heads/main'");
    expect(pulumiSteps("up").map((s) => s.with)).toEqual([
      { command: "up", "stack-name": "${{ env.PULUMI_STACK }}", "work-dir": "${{ env.PROGRAM_DIR }}" },
    ]);
    // `up` appears nowhere else: not as a command of the preview job, not as a shell step.
    const everyStep = Object.values(workflow.jobs).flatMap((job) => job.steps);
    expect(everyStep.filter((s) => s.with?.command === "up" || /pulumi up/.test(s.run ?? ""))).toEqual(
      pulumiSteps("up"),
    );
    // Both jobs install exactly the committed lockfile.
    for (const job of ["preview", "up"]) {
      expect(workflow.jobs[job].steps.map((s) => s.run).filter(Boolean)).toEqual([
        "npm ci --no-audit --no-fund",
      ]);
    }
    expect(fs.existsSync(path.join(DIR, "Pulumi.production.yaml"))).toBe(true);
  });
});
