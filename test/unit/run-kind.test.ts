// Preview or update, from the program to its provider (src/provider-kit/run-kind.ts, preview-notice.ts): the
// program's process records what its run is, in the environment @pulumi/pulumi's runner gives it, and a provider
// process of the same engine (another copy of the modules, as another process has) says a preview's notice once in
// a preview, never in an update, and still says it when the run is unknown. The runner's environment is the one
// sdk/nodejs/cmd/run/index.ts, main, sets: PULUMI_NODEJS_ENGINE always, PULUMI_NODEJS_DRY_RUN "true" in a preview
// and not at all in an update (addToEnvIfDefined skips the false `--dry-run`).
import path from "node:path";

let address: string | undefined;
jest.mock("../../src/provider-kit/engine-log", () => ({
  ...jest.requireActual<object>("../../src/provider-kit/engine-log"),
  engineConnectedTo: () => address,
}));

type RunKindModule = typeof import("../../src/provider-kit/run-kind");
type NoticeModule = typeof import("../../src/provider-kit/preview-notice");

/** A fresh copy of the modules: the program's process, or a provider process. */
function processOf(): { runKind: RunKindModule; notice: NoticeModule } {
  let loaded: { runKind: RunKindModule; notice: NoticeModule } | undefined;
  jest.isolateModules(() => {
    loaded = {
      runKind: require(path.join(__dirname, "../../src/provider-kit/run-kind")) as RunKindModule,
      notice: require(path.join(__dirname, "../../src/provider-kit/preview-notice")) as NoticeModule,
    };
  });
  if (!loaded) throw new Error("not loaded");
  return loaded;
}

const URN = "urn:pulumi:dev::p::pulumi-nodejs:dynamic/posthog:Invite::pen";
const NOTICE =
  'Invite "pen@example.com": level changed. At `pulumi up`, if pen@example.com has not accepted yet';

let run = 0;
/** A new engine address, as each run of an `up` (its preview, then its update) has. */
const newRun = () => `127.0.0.1:${40000 + (process.pid % 20000)}-${Date.now()}-${(run += 1)}`;

/** Runs the program's side with the runner's environment for a preview or an update. */
function program(engine: string | undefined, preview: boolean): void {
  const keys = ["PULUMI_NODEJS_ENGINE", "PULUMI_NODEJS_DRY_RUN"] as const;
  const saved = keys.map((key) => process.env[key]);
  const set = (key: (typeof keys)[number], value: string | undefined) => {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  };
  try {
    set("PULUMI_NODEJS_ENGINE", engine);
    set("PULUMI_NODEJS_DRY_RUN", preview ? "true" : undefined);
    processOf().runKind.recordProgramRunKind();
  } finally {
    keys.forEach((key, i) => set(key, saved[i]));
  }
}

describe("a run's kind, from the program to its provider", () => {
  let stderr: jest.SpyInstance;
  const notices = () =>
    stderr.mock.calls.filter(([text]) => typeof text === "string" && text.includes(NOTICE)).length;
  beforeEach(() => {
    stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
  });
  afterEach(() => {
    stderr.mockRestore();
    address = undefined;
  });

  it("a preview: the provider says the notice once, however often Diff asks", () => {
    const engine = newRun();
    program(engine, true);
    address = engine;
    const provider = processOf();
    expect(provider.runKind.runKind()).toBe("preview");
    provider.notice.previewNotice(URN, `${NOTICE} …`);
    provider.notice.previewNotice(URN, `${NOTICE} …`);
    expect(notices()).toBe(1);
  });

  it("an update (no PULUMI_NODEJS_DRY_RUN at all): the provider says nothing", () => {
    const engine = newRun();
    program(engine, false);
    address = engine;
    const provider = processOf();
    expect(provider.runKind.runKind()).toBe("update");
    provider.notice.previewNotice(URN, `${NOTICE} …`);
    expect(notices()).toBe(0);
  });

  it("the preview and the update of one up: the notice in the preview only", () => {
    const preview = newRun();
    const update = newRun();
    program(preview, true);
    address = preview;
    processOf().notice.previewNotice(URN, `${NOTICE} …`);
    program(update, false);
    address = update;
    processOf().notice.previewNotice(URN, `${NOTICE} …`);
    expect(notices()).toBe(1);
  });

  it("a program the language host did not start (no engine address) records nothing: the notice is said", () => {
    const engine = newRun();
    program(undefined, false);
    address = engine;
    const provider = processOf();
    expect(provider.runKind.runKind()).toBeUndefined();
    provider.notice.previewNotice(URN, `${NOTICE} …`);
    expect(notices()).toBe(1);
  });
});
