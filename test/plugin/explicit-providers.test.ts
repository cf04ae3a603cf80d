// Two explicit providers in one program (say US and EU Cloud, two keys), each resource reaching its own host.
// As the engine does (pulumi/pulumi pkg/resource/deploy/providers/registry.go, Registry.Check/Create), each
// `pulumi:providers:posthog-iac` registration loads its own plugin process, runs CheckConfig on the provider's
// inputs and Configure with the checked ones; a resource goes to the provider its reference names.
import * as pulumi from "@pulumi/pulumi";
import { EmulatorHandle, startEmulator } from "posthog-emulator";
import { PACKAGE_NAME } from "../../src/plugin/tokens";
import { createEngine, ProviderRouting } from "../support/engine";
import { PluginServer, startPluginServer } from "../support/plugin-server";
import { toEngineInputs } from "../support/values";
import { LoggedRequest } from "../support/stack";
import { emulatorCall } from "../support/fresh-connection";
import { REPO_ROOT, selfLinkNodePath } from "../support/self-link";
import { PluginResource } from "./plugin-resource";

/** What `pulumi package add` generates as the package's Provider class. */
class Provider extends pulumi.ProviderResource {
  constructor(name: string, args: pulumi.Inputs) {
    super(PACKAGE_NAME, name, args);
  }
}

let us: EmulatorHandle;
let unconfigured: PluginServer;
let eu: EmulatorHandle;
const plugins = new Map<string, PluginServer>();

beforeAll(async () => {
  us = await startEmulator({ port: 0 });
  eu = await startEmulator({ port: 0, apiKey: "phx_eu_second_key_0123456789" });
  unconfigured = await startPluginServer({ cwd: REPO_ROOT, env: { NODE_PATH: selfLinkNodePath() } });
});
afterAll(async () => {
  for (const plugin of plugins.values()) await plugin.close();
  await unconfigured?.close();
  await us?.close();
  await eu?.close();
});

const requests = async (e: EmulatorHandle) =>
  (
    (await emulatorCall(e.url, e.apiKey, "GET", "/_emulator/requests")).body as { requests: LoggedRequest[] }
  ).requests
    .filter((r) => r.path.startsWith("/api/"))
    .map((r) => `${r.method} ${r.path} ${r.status}`);

/** Each explicit provider's own plugin; the default provider (no stack config here) serves no resource. */
const routing: ProviderRouting = {
  handles: (type) => type.startsWith(`${PACKAGE_NAME}:index:`),
  registerProvider: async (args, urn) => {
    const plugin = await startPluginServer({ cwd: REPO_ROOT, env: { NODE_PATH: selfLinkNodePath() } });
    plugins.set(urn, plugin);
    const { inputs, failures } = await plugin.checkConfig({}, toEngineInputs(args.inputs).props);
    if (failures.length > 0) throw new Error(JSON.stringify(failures));
    await plugin.configureProvider(inputs);
    return { id: `${args.name}-provider-id`, state: inputs };
  },
  server: (reference) => {
    if (reference === undefined) return unconfigured;
    const plugin = plugins.get(reference.slice(0, reference.lastIndexOf("::")));
    if (!plugin) throw new Error(`no provider loaded for reference ${reference}`);
    return plugin;
  },
};

const config = (e: EmulatorHandle) => ({
  host: e.url,
  apiKey: pulumi.secret(e.apiKey),
  projectId: String(e.projectId),
  organizationId: e.organizationId,
  rateWindows: "off",
  // Each emulator's log holds its resources' requests; the run's check of the key and host has its own tests.
  checkKeyAndHost: "false",
});

const program = () => {
  const usCloud = new Provider("us", config(us));
  const euCloud = new Provider("eu", config(eu));
  const survey = { type: "api", questions: [{ type: "open", question: "Hi?" }] };
  new PluginResource("Survey", "us-survey", { ...survey, name: "US survey" }, { provider: usCloud });
  new PluginResource("Survey", "eu-survey", { ...survey, name: "EU survey" }, { provider: euCloud });
  new PluginResource("Invite", "eu-invite", { targetEmail: "eu@example.com" }, { provider: euCloud });
};

test("two explicit providers, two hosts and two keys: each resource's requests reach its own host", async () => {
  const engine = createEngine({ server: unconfigured, routing, project: "two", stack: "dev" });
  const up = await engine.up(program);
  expect(up.errors).toEqual([]);
  expect(engine.state().map((r) => [r.name, r.provider?.split("::")[3]])).toEqual(
    expect.arrayContaining([
      ["us-survey", "us"],
      ["eu-survey", "eu"],
      ["eu-invite", "eu"],
    ]),
  );
  const split = { us: await requests(us), eu: await requests(eu) };
  console.log(`Requests per host:\n${JSON.stringify(split, null, 2)}`);
  expect(split.us).toEqual([`POST /api/projects/${us.projectId}/surveys/ 201`]);
  // The EU survey and invite are created concurrently: their requests interleave in either order.
  // The invite's create reads the pending invites just before and just after its POST (invite/apply.ts).
  expect([...split.eu].sort()).toEqual([
    `GET /api/organizations/${eu.organizationId}/invites/ 200`,
    `GET /api/organizations/${eu.organizationId}/invites/ 200`,
    `POST /api/organizations/${eu.organizationId}/invites/ 201`,
    `POST /api/projects/${eu.projectId}/surveys/ 201`,
  ]);
  // Neither key in state, nor in what either plugin logged.
  const text = JSON.stringify(engine.state());
  for (const key of [us.apiKey, eu.apiKey]) {
    expect(text).not.toContain(key);
    for (const plugin of plugins.values()) expect(plugin.stderr() + plugin.engineLog()).not.toContain(key);
  }
});
