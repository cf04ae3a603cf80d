// The provider plugin started as the engine starts it (its bin, the port read from stdout) and driven along the
// engine's provider path (pulumi/pulumi pkg/resource/deploy/providers/registry.go: Check -> loadProvider ->
// CheckConfig, then Configure; pkg/resource/deploy/step.go: CreateStep, UpdateStep, DeleteStep, ReadStep,
// RefreshStep and ImportStep call Check, Diff, Create, Update, Delete and Read), against the emulator.
import * as pulumi from "@pulumi/pulumi";
import { FUNCTION_TOKENS, PACKAGE_NAME, RESOURCE_TOKENS } from "../../src/plugin/tokens";
import { getSchema } from "../../src/plugin/schema";
import { CONFIG_KEYS } from "../../src/plugin/provider-config";
import { startPluginServer, PluginServer } from "../support/plugin-server";
import { startStack, TestStack, LoggedRequest } from "../support/stack";
import { SECRET_SIG, SIG_KEY } from "../../src/plugin/wire-values";
import { PluginResource } from "./plugin-resource";

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack({ face: "plugin" });
});
afterAll(async () => stack?.close());

const summary = (requests: LoggedRequest[]) => requests.map((r) => `${r.method} ${r.path} ${r.status}`);
const surveys = () => `/api/projects/${stack.projectId}/surveys/`;

const nps = {
  name: "Plugin NPS",
  type: "popover",
  questions: [{ type: "open", question: "How are we doing?" }],
};

describe("the plugin on the engine's provider path", () => {
  it("GetSchema answers the generated schema: its resources, functions and config keys", async () => {
    const schema = await (stack.server as PluginServer).schema();
    expect(schema).toEqual(JSON.parse(JSON.stringify(getSchema())));
    expect(schema.name).toBe(PACKAGE_NAME);
    expect(Object.keys(schema.resources as object).sort()).toEqual(Object.values(RESOURCE_TOKENS).sort());
    expect(Object.keys(schema.functions as object).sort()).toEqual(Object.values(FUNCTION_TOKENS).sort());
    const config = (schema.config as { variables: Record<string, { secret?: boolean }> }).variables;
    expect(Object.keys(config).sort()).toEqual([...CONFIG_KEYS].sort());
    expect(config.apiKey.secret).toBe(true);
    console.log(
      `GetSchema: resources ${Object.keys(schema.resources as object).join(", ")}; functions ` +
        `${Object.keys(schema.functions as object).join(", ")}; config ${Object.keys(config).join(", ")}`,
    );
  });

  it("CheckConfig marks the key secret and refuses a bad setting by name; Configure takes the checked config", async () => {
    const server = stack.server as PluginServer;
    const checked = await server.checkConfig(
      {},
      { apiKey: "phx_abc", host: "http://h", requestTimeoutMs: "-1" },
    );
    expect(checked.inputs.apiKey).toEqual({ [SIG_KEY]: SECRET_SIG, value: "phx_abc" });
    expect(checked.failures).toEqual([
      {
        property: "requestTimeoutMs",
        reason:
          'posthog-iac:requestTimeoutMs must be a number of milliseconds from 1 to 2147483647 (per attempt), got "-1".',
      },
    ]);
    const typo = await server.checkConfig({}, { apikey: "x" });
    expect(typo.failures.map((f) => f.property)).toEqual(["apikey"]);
    expect(
      await server.diffConfig({ host: "http://a", apiKey: "k" }, { host: "http://a/", apiKey: "k" }),
    ).toEqual({
      changes: "none",
      replaces: [],
      deleteBeforeReplace: false,
    });
    expect((await server.diffConfig({ host: "http://a" }, { host: "http://b" })).replaces).toEqual([]);
    expect((await server.diffConfig({ apiKey: "k1" }, { apiKey: "k2" })).changes).toBe("some");
  });

  it("DiffConfig replaces the provider for no setting, and the schema marks none replaceOnChanges", async () => {
    const server = stack.server as PluginServer;
    const variables = (getSchema().config as { variables: Record<string, { replaceOnChanges?: boolean }> })
      .variables;
    const marked = Object.keys(variables).filter((key) => variables[key].replaceOnChanges === true);
    expect(marked).toEqual([]);
    const base = { host: "http://a", apiKey: "k", projectId: "1", organizationId: "o", rateWindows: "off" };
    const changedValue: Record<string, string> = {
      host: "http://b",
      apiKey: "k2",
      projectId: "2",
      organizationId: "o2",
      requestsPerSecond: "3",
      rateWindows: "5/second",
      requestDeadlineMs: "1000",
      requestTimeoutMs: "1000",
      retryBaseMs: "10",
      listCacheTtlMs: "0",
      checkKeyAndHost: "false",
    };
    expect(Object.keys(changedValue).sort()).toEqual([...CONFIG_KEYS].sort());
    for (const key of CONFIG_KEYS) {
      const diff = await server.diffConfig(base, { ...base, [key]: changedValue[key] });
      expect({ key, ...diff }).toEqual({
        key,
        changes: "some",
        replaces: [],
        deleteBeforeReplace: false,
      });
    }
  });

  it("Check, Diff, Create, Read, Update, Delete of a Survey, from a TypeScript program, against the emulator", async () => {
    const engine = stack.newEngine();
    await stack.clearRequests();
    const preview = await engine.preview(() => new PluginResource("Survey", "nps", nps));
    expect(preview.errors).toEqual([]);
    expect(preview.steps.map((s) => `${s.op} ${s.type}`)).toEqual([`create ${RESOURCE_TOKENS.Survey}`]);
    expect(await stack.requests()).toEqual([]);

    const up = await engine.up(() => new PluginResource("Survey", "nps", nps));
    expect(up.errors).toEqual([]);
    const [created] = engine.state();
    expect(created.outputs).toMatchObject({ name: "Plugin NPS", surveyId: created.id, status: "draft" });
    expect(summary(await stack.requests())).toContain(`POST ${surveys()} 201`);

    await stack.clearRequests();
    const same = await engine.up(() => new PluginResource("Survey", "nps", nps));
    expect(same.steps.map((s) => s.op)).toEqual(["same"]);
    expect(await stack.requests()).toEqual([]);

    const edited = await engine.up(
      () => new PluginResource("Survey", "nps", { ...nps, name: "Plugin NPS 2" }),
    );
    expect(edited.steps.map((s) => s.op)).toEqual(["update"]);
    expect(summary(await stack.requests())).toEqual([`PATCH ${surveys()}${created.id}/ 200`]);
    expect(engine.state()[0].outputs.name).toBe("Plugin NPS 2");

    await stack.api("PATCH", `${surveys()}${created.id}/`, { description: "edited in the UI" });
    await stack.clearRequests();
    const refresh = await engine.refresh();
    expect(refresh.steps.map((s) => s.op)).toEqual(["refresh"]);
    expect(summary(await stack.requests())).toEqual([`GET ${surveys()}${created.id}/ 200`]);
    expect(engine.state()[0].outputs.description).toBe("edited in the UI");

    await stack.clearRequests();
    const destroy = await engine.destroy();
    expect(destroy.errors).toEqual([]);
    // Deletion protection counts the project's responses first (none here), then the survey is deleted as ever.
    expect(summary(await stack.requests())).toEqual([
      `GET ${surveys()}responses_count/ 200`,
      `DELETE ${surveys()}${created.id}/ 204`,
    ]);
    expect(engine.state()).toEqual([]);
  });

  it("Invoke answers a data function from the provider's own settings", async () => {
    const server = stack.server as PluginServer;
    await stack.api("POST", surveys(), { name: "Listed", type: "api" });
    await stack.clearRequests();
    const result = await server.invoke(FUNCTION_TOKENS.getSurveys, { search: "Listed" });
    expect(result).toMatchObject({
      projectId: String(stack.projectId),
      surveys: [{ name: "Listed", type: "api" }],
    });
    expect(summary(await stack.requests())).toEqual([`GET ${surveys()} 200`]);
    await expect(server.invoke("posthog-iac:index:getNothing", {})).rejects.toThrow(
      'unknown function "posthog-iac:index:getNothing"',
    );
  });

  it("a program's invoke reaches the plugin through the engine", async () => {
    const engine = stack.newEngine();
    const run = await engine.up(async () => {
      const found = await pulumi.runtime.invoke(
        FUNCTION_TOKENS.getSurveys,
        { search: "Listed" },
        { async: true },
      );
      return { count: (found as { surveys: unknown[] }).surveys.length };
    });
    expect(run.errors).toEqual([]);
    expect(run.outputs).toEqual({ count: 1 });
  });
});

test("a plugin process started with no config refuses an apply with the missing-key message", async () => {
  const server = await startPluginServer();
  try {
    await server.configureProvider({ host: stack.url });
    const refusal = server.create(`urn:pulumi:s::p::${RESOURCE_TOKENS.Survey}::x`, nps);
    await expect(refusal).rejects.toThrow(
      "No PostHog API key is configured. Set it with `pulumi config set --secret posthog-iac:apiKey " +
        "<personal API key>` or the POSTHOG_API_KEY environment variable",
    );
    await expect(refusal).rejects.not.toThrow("posthog:apiKey");
  } finally {
    await server.close();
  }
});
