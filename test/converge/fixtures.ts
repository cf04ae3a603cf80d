// What the convergence tests point surveys at: a multivariate flag and actions, made through the PostHog API.
import type { TestStack } from "../support/stack";

/** A feature flag with variants "control" and "test"; returns its id. */
export async function variantFlag(stack: TestStack, key: string): Promise<number> {
  const flag = await stack.api<{ id: number }>("POST", `/api/projects/${stack.projectId}/feature_flags/`, {
    key,
    filters: {
      groups: [],
      multivariate: {
        variants: [
          { key: "control", rollout_percentage: 50 },
          { key: "test", rollout_percentage: 50 },
        ],
      },
    },
  });
  if (flag.status !== 201) throw new Error(`could not create flag ${key}: ${JSON.stringify(flag.body)}`);
  return flag.body.id;
}

/** An action named `name`; returns its id. */
export async function action(stack: TestStack, name: string): Promise<number> {
  const made = await stack.api<{ id: number }>("POST", `/api/projects/${stack.projectId}/actions/`, { name });
  if (made.status !== 201) throw new Error(`could not create action ${name}: ${JSON.stringify(made.body)}`);
  return made.body.id;
}
