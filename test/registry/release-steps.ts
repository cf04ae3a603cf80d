// The release workflow's npm publish steps, read from .github/workflows/release.yml as written, so the test
// publishes exactly what a release would: each step's command line and its `env`, and the registry its job's
// setup-node step points at (which setup-node writes into an .npmrc with `${NODE_AUTH_TOKEN}` as the token).
import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { z } from "zod";

const stepRule = z.object({
  name: z.string().optional(),
  uses: z.string().optional(),
  run: z.string().optional(),
  with: z.record(z.string(), z.unknown()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  "working-directory": z.string().optional(),
});
const workflowRule = z.object({
  jobs: z.record(z.string(), z.object({ steps: z.array(stepRule) })),
});

export interface PublishStep {
  job: string;
  /** The step's run line, as written. */
  run: string;
  /** Its arguments after `npm`. */
  args: string[];
  env: Record<string, string>;
  /** setup-node's `registry-url` in the same job. */
  registryUrl: string;
}

export const RELEASE_WORKFLOW = ".github/workflows/release.yml";

export function publishSteps(root: string): PublishStep[] {
  const workflow = workflowRule.parse(parse(fs.readFileSync(path.join(root, RELEASE_WORKFLOW), "utf8")));
  return Object.entries(workflow.jobs).flatMap(([job, { steps }]) => {
    const setupNode = steps.find((step) => step.uses?.startsWith("actions/setup-node@"));
    const registryUrl = z.string().optional().parse(setupNode?.with?.["registry-url"]);
    return steps
      .filter((step) => step.run !== undefined && /^\s*npm publish\b/.test(step.run))
      .map((step) => {
        const run = (step.run ?? "").trim();
        // One plain command: the test runs it without a shell, so it must need none.
        if (/[\n;&|<>$`"'\\]/.test(run))
          throw new Error(`${RELEASE_WORKFLOW} job ${job}: "${run}" is not one plain command`);
        if (!registryUrl) throw new Error(`${RELEASE_WORKFLOW} job ${job}: setup-node has no registry-url`);
        return { job, run, args: run.split(/\s+/).slice(1), env: step.env ?? {}, registryUrl };
      });
  });
}

export interface MavenStep {
  job: string;
  /** The step's run line, as written. */
  run: string;
  /** Its arguments after `mvn`. */
  args: string[];
  env: Record<string, string>;
  /** The step's working-directory, relative to the checkout. */
  cwd: string;
}

/** The release's Maven build lines (`mvn ...`), one plain command each, with their env and working-directory. */
export function mavenSteps(root: string): MavenStep[] {
  const workflow = workflowRule.parse(parse(fs.readFileSync(path.join(root, RELEASE_WORKFLOW), "utf8")));
  return Object.entries(workflow.jobs).flatMap(([job, { steps }]) =>
    steps
      .filter((step) => step.run !== undefined && /^\s*mvn\b/.test(step.run))
      .map((step) => {
        const run = (step.run ?? "").trim();
        if (/[\n;&|<>$`"'\\]/.test(run))
          throw new Error(`${RELEASE_WORKFLOW} job ${job}: "${run}" is not one plain command`);
        return {
          job,
          run,
          args: run.split(/\s+/).slice(1),
          env: step.env ?? {},
          cwd: step["working-directory"] ?? ".",
        };
      }),
  );
}
