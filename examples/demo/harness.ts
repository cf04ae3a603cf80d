// The demo without the Pulumi CLI: the program runs on the Pulumi SDK (mocked engine connection), and every
// resource goes to the real dynamic-provider plugin process, as `pulumi up` would do (test/support/engine.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createEngine, type Program, type RunResult } from "../../test/support/engine";
import { startProviderServer, type ProviderServer } from "../../test/support/provider-server";
import { addToNodePath, selfLinkDir } from "./repo";

export interface DemoEngine {
  preview(config: Record<string, string>): Promise<RunResult>;
  up(config: Record<string, string>): Promise<RunResult>;
  refresh(config: Record<string, string>): Promise<RunResult>;
  destroy(config: Record<string, string>): Promise<RunResult>;
  /** The warnings the provider logged to the engine since the last call (what Pulumi shows the user). */
  warnings(): string[];
  close(): Promise<void>;
}

/** The quickstart as a program: evaluated afresh each run, its exports are the stack outputs. */
function quickstartProgram(entry: string): Program {
  return () => {
    delete require.cache[require.resolve(entry)];
    return { ...(require(entry) as Record<string, unknown>) };
  };
}

export async function startHarnessEngine(root: string, project: string, stack: string): Promise<DemoEngine> {
  const nodePath = selfLinkDir(root);
  addToNodePath(nodePath); // the quickstart's `import "pulumi-posthog"` resolves to this repository
  const server: ProviderServer = await startProviderServer({
    cwd: root,
    env: { NODE_PATH: nodePath },
    project,
  });
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-posthog-demo-"));
  const statePath = path.join(stateDir, "state.json");
  const program = quickstartProgram(path.join(__dirname, "../quickstart/index"));
  // One state file for the stack; each run gets the config as it is at that moment (`pulumi config set`), except
  // that refresh and destroy, as in the real engine, configure the provider with the config of the last up.
  const engine = (config: Record<string, string>) =>
    createEngine({ server, config, statePath, project, stack });
  return {
    preview: (config) => engine(config).preview(program),
    up: (config) => engine(config).up(program),
    refresh: (config) => engine(config).refresh(),
    destroy: (config) => engine(config).destroy(),
    warnings: (() => {
      let seen = 0;
      return () => {
        const text = server.engineLog();
        const fresh = text.slice(seen);
        seen = text.length;
        return fresh.split("\n").filter((line) => line.startsWith("warning: "));
      };
    })(),
    close: async () => {
      await server.close();
      fs.rmSync(stateDir, { recursive: true, force: true });
    },
  };
}
