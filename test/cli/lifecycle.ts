// One example's lifecycle, step by step, run twice: by the real `pulumi` CLI and by the engine harness
// (test/support/engine.ts), against the same emulator reset in between. Each step records the requests PostHog
// received, reduced to what must agree (method, path with ids replaced, query keys, body keys), so the two tables
// can be compared row by row (docs/contributing/engine-cross-check.md).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import YAML from "yaml";
import { exampleProgram } from "../examples/example-program";
import { createEngine, type Engine, type RunResult } from "../support/engine";
import { startProviderServer } from "../support/provider-server";
import { REPO_ROOT, selfLinkNodePath } from "../support/self-link";
import type { LoggedRequest } from "../support/stack";
import type { CliStack } from "./program-folder";

export const STEPS = ["preview", "up", "no-op preview", "edit, up", "refresh", "destroy"] as const;
export type StepName = (typeof STEPS)[number];

/** The CLI command of each step (the edit's config change is made just before its `up`). */
export const CLI_COMMAND: Record<StepName, string[]> = {
  preview: ["preview"],
  up: ["up", "--yes", "--skip-preview"],
  "no-op preview": ["preview", "--expect-no-changes"],
  "edit, up": ["up", "--yes", "--skip-preview"],
  refresh: ["refresh", "--yes", "--skip-preview"],
  destroy: ["destroy", "--yes", "--skip-preview"],
};

export interface ExampleLifecycle {
  example: string;
  /** Stack config of the example's own keys (without the project prefix), before the edit. */
  config: Record<string, string>;
  /** The edit: the example's config after it (a key set to undefined is removed). */
  edit: Record<string, string | undefined>;
  /** What a person did in PostHog first (e.g. the flag a survey links to), run before each of the two runs. */
  seed?(
    stack: CliStack,
    api: (method: string, route: string, body: unknown) => Promise<unknown>,
  ): Promise<void>;
  /** Files the config refers to, written to a temporary folder whose path replaces `{dir}` in config values. */
  files?: Record<string, string>;
}

/** The example's project name, from its Pulumi.yaml (it scopes `new pulumi.Config()`). */
export function projectOf(example: string): string {
  const file = path.join(REPO_ROOT, "examples", example, "Pulumi.yaml");
  return (YAML.parse(fs.readFileSync(file, "utf8")) as { name: string }).name;
}

/** A request as the two runs must agree on it. */
export function requestShape(r: LoggedRequest): string {
  const p = r.path
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ":id")
    .replace(/\/(feature_flags|members)\/\d+\//g, "/$1/:id/");
  const query = r.query ? `?${[...new URLSearchParams(r.query).keys()].sort().join("&")}` : "";
  return `${r.method} ${p}${query}${bodyShape(r.body)}`;
}

function bodyShape(body: unknown): string {
  if (body === null || body === undefined) return "";
  if (Array.isArray(body)) {
    const keys = new Set(body.flatMap((item) => (item && typeof item === "object" ? Object.keys(item) : [])));
    return ` [${body.length} x {${[...keys].sort().join(",")}}]`;
  }
  if (typeof body === "object") return ` {${Object.keys(body).sort().join(",")}}`;
  return ` ${typeof body}`;
}

/** Per step, the request shapes in a stable order (the engine runs independent steps at once). */
export type RequestTable = Record<StepName, string[]>;

const stepRows = (requests: LoggedRequest[]) => requests.map(requestShape).sort();

function withDir(
  values: Record<string, string | undefined>,
  dir: string,
): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v?.replace("{dir}", dir)]));
}

function writeFiles(files: Record<string, string> | undefined): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "posthog-lifecycle-"));
  for (const [name, text] of Object.entries(files ?? {})) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

const api = (stack: CliStack) => async (method: string, route: string, body: unknown) => {
  const res = await fetch(`${stack.url}${route}`, {
    method,
    headers: { authorization: `Bearer ${stack.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (res.status >= 400) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return res.json();
};

export interface CliRun {
  table: RequestTable;
  /** What the CLI printed at each step. */
  output: Record<StepName, string>;
}

/** The lifecycle through the real CLI, on a stack `inCliStack` made (posthog:* config already set). */
export async function runCliLifecycle(stack: CliStack, life: ExampleLifecycle): Promise<CliRun> {
  const project = projectOf(life.example);
  const files = writeFiles(life.files);
  try {
    await life.seed?.(stack, api(stack));
    const scoped = (values: Record<string, string | undefined>) =>
      Object.fromEntries(Object.entries(withDir(values, files)).map(([k, v]) => [`${project}:${k}`, v]));
    const initial = scoped(life.config) as Record<string, string>;
    await stack.setConfig(initial);
    const table = {} as RequestTable;
    const output = {} as Record<StepName, string>;
    for (const step of STEPS) {
      if (step === "edit, up") {
        const edited = scoped(life.edit);
        const set = Object.fromEntries(Object.entries(edited).filter(([, v]) => v !== undefined)) as Record<
          string,
          string
        >;
        await stack.setConfig(set);
        for (const [key, value] of Object.entries(edited))
          if (value === undefined) await stack.cli("config", "rm", key);
      }
      await stack.clearRequests();
      const { stdout, stderr } = await stack.cli(...CLI_COMMAND[step]);
      output[step] = stdout + stderr;
      table[step] = stepRows(await stack.requests());
    }
    return { table, output };
  } finally {
    fs.rmSync(files, { recursive: true, force: true });
  }
}

export interface HarnessRun {
  table: RequestTable;
  results: Record<StepName, RunResult>;
}

/**
 * The same lifecycle through the engine harness: the example's index.ts under the SDK's mocks, the SDK's
 * dynamic-provider plugin (this repository's build), one state file across the steps, a new engine (and plugin
 * process) per step as each `pulumi` command starts its own.
 */
export async function runHarnessLifecycle(stack: CliStack, life: ExampleLifecycle): Promise<HarnessRun> {
  const project = projectOf(life.example);
  const program = exampleProgram(life.example);
  const files = writeFiles(life.files);
  const statePath = path.join(files, "harness-state.json");
  try {
    await life.seed?.(stack, api(stack));
    const scoped = (values: Record<string, string | undefined>) =>
      Object.fromEntries(Object.entries(withDir(values, files)).map(([k, v]) => [`${project}:${k}`, v]));
    let config: Record<string, string | undefined> = { ...stack.config, ...scoped(life.config) };
    const table = {} as RequestTable;
    const results = {} as Record<StepName, RunResult>;
    for (const step of STEPS) {
      if (step === "edit, up") config = { ...config, ...scoped(life.edit) };
      const defined = Object.fromEntries(Object.entries(config).filter(([, v]) => v !== undefined)) as Record<
        string,
        string
      >;
      const server = await startProviderServer({ cwd: REPO_ROOT, env: { NODE_PATH: selfLinkNodePath() } });
      try {
        const engine: Engine = createEngine({ server, config: defined, statePath, project, stack: "dev" });
        await stack.clearRequests();
        const run: Record<StepName, () => Promise<RunResult>> = {
          preview: () => engine.preview(program),
          up: () => engine.up(program),
          "no-op preview": () => engine.preview(program),
          "edit, up": () => engine.up(program),
          refresh: () => engine.refresh(),
          destroy: () => engine.destroy(),
        };
        results[step] = await run[step]();
        table[step] = stepRows(await stack.requests());
      } finally {
        await server.close();
      }
    }
    return { table, results };
  } finally {
    fs.rmSync(files, { recursive: true, force: true });
  }
}

/** The two tables side by side, one markdown table per example, `=` where a row agrees. */
export function sideBySide(example: string, cli: RequestTable, harness: RequestTable): string {
  const lines = [`### ${example}`, "", "| step | real CLI | engine harness |", "| --- | --- | --- |"];
  for (const step of STEPS) {
    const same = JSON.stringify(cli[step]) === JSON.stringify(harness[step]);
    const cell = (rows: string[]) =>
      rows.length === 0 ? "(none)" : rows.map((r) => `\`${r}\``).join("<br>");
    lines.push(`| ${step} | ${cell(cli[step])} | ${same ? "=" : cell(harness[step])} |`);
  }
  return lines.join("\n");
}
