// Facts of a run across its provider processes (src/provider-kit/run-facts.ts over run-record.ts): two copies of a
// module, each with its own memory as two provider processes have, share one engine address and so one record.
// What one process's diff decided (a replacement's consent, an object left at another PostHog) is known to the
// other process, which runs the old object's delete; a fact of one kind or one id is never read as another's.
import path from "node:path";

const ADDRESS = `127.0.0.1:${40000 + (process.pid % 20000)}-facts-${Date.now()}`;
jest.mock("../../src/provider-kit/engine-log", () => ({
  ...jest.requireActual<object>("../../src/provider-kit/engine-log"),
  engineConnectedTo: () => ADDRESS,
}));

/** A fresh copy of `module`: another provider process of the same run. */
function inAnotherProcess<T>(module: string): T {
  let loaded: T | undefined;
  jest.isolateModules(() => {
    loaded = require(path.join(__dirname, "../../src", module)) as T;
  });
  if (!loaded) throw new Error("not loaded");
  return loaded;
}

type Facts = typeof import("../../src/provider-kit/run-facts");
type Protection = typeof import("../../src/resources/survey/deletion-protection");

describe("facts of a run across its provider processes", () => {
  it("a value noted in one process is read in another, by its kind and key only", () => {
    const diffing = inAnotherProcess<Facts>("provider-kit/run-facts").runFacts("left-behind");
    const deleting = inAnotherProcess<Facts>("provider-kit/run-facts");
    diffing.note("s1", "http://a.example");
    expect(deleting.runFacts("left-behind").get("s1")).toBe("http://a.example");
    expect(deleting.runFacts("left-behind").get("s2")).toBeUndefined();
    expect(deleting.runFacts("another-kind").get("s1")).toBeUndefined();
  });

  it("a replacement's consent given by the diff in one process lifts the protection at the delete in another", () => {
    const newProvider = inAnotherProcess<Protection>("resources/survey/deletion-protection");
    const oldProvider = inAnotherProcess<Protection>("resources/survey/deletion-protection");
    expect(oldProvider.replacementConsented("survey-1")).toBe(false);
    newProvider.consentToReplacement("survey-1");
    expect(oldProvider.replacementConsented("survey-1")).toBe(true);
    expect(oldProvider.replacementConsented("survey-2")).toBe(false);
  });
});
