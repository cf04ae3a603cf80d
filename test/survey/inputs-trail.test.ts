// Following a survey's `inputs` through `create`: every read of the engine's input bag (and of any untyped bag
// made from it) is recorded with the function and file that made it, through a Proxy, during one create against
// the emulator. A stop is a distinct function that reads it; a climb back is a read in a file the trail had
// already left. The seam (provider-kit/seam.ts) parses the bag once into a SurveyDeclaration; the untyped bags it
// still carries (`inputs`, the checked inputs handed back to the engine, and `declared`, the record kept in
// outputs) are traced too, so what the core still reads untyped counts. Run with TRAIL=1 to print the trail.
import { startEmulator, type EmulatorHandle } from "posthog-emulator";
import { resetPulumiConfig } from "../../src/config";
import { measure, traced, type Stop } from "../support/inputs-trail";

const trail: Stop[] = [];
let emulator: EmulatorHandle;
let provider: typeof import("../../src/resources/survey/provider");
beforeAll(async () => {
  // Where the seam exists, the untyped bags of the declaration it makes are traced as well: the spy is in place
  // before the provider module takes its reference to declareSurvey.
  let declarationModule: typeof import("../../src/resources/survey/declaration") | undefined;
  try {
    declarationModule = require("../../src/resources/survey/declaration");
  } catch {
    declarationModule = undefined;
  }
  if (declarationModule) {
    const declare = declarationModule.declareSurvey;
    jest.spyOn(declarationModule, "declareSurvey").mockImplementation((inputs) => {
      const made = declare(inputs);
      return { ...made, inputs: traced(made.inputs, trail), declared: traced(made.declared, trail) };
    });
  }
  provider = require("../../src/resources/survey/provider");
  emulator = await startEmulator({ port: 0 });
  const config: Record<string, string> = {
    "posthog:host": emulator.url,
    "posthog:apiKey": emulator.apiKey,
    "posthog:projectId": String(emulator.projectId),
    "posthog:requestsPerSecond": "0",
  };
  await provider.configure({ config: { get: (key: string) => config[key] } });
});
afterAll(async () => {
  resetPulumiConfig();
  await emulator?.close();
});

test("a survey's inputs through create: stops and climbs back", async () => {
  const inputs = {
    name: "Trail",
    type: "popover",
    description: "Where do inputs go?",
    questions: [{ type: "open", question: "Why?" }],
    appearance: { backgroundColor: "#ffffff" },
    status: "running",
  };
  const created = await provider.create(traced(inputs, trail));
  expect(created.outs).toMatchObject({ name: "Trail", status: "running" });
  const measured = measure(trail);
  if (process.env.TRAIL) console.log(JSON.stringify(measured, null, 2));
  // The seam reads the bag once, first; the core reads the declaration's typed values, never climbing back to a
  // file it left. This same file run on the tree before the seam (78a552f) measures 11 stops in 5 files and 2
  // climbs back; here 3 stops in 3 files, none.
  expect(measured.order[0]).toBe("provider-kit/seam.ts copy");
  expect(measured.order.filter((stop) => stop.startsWith("provider-kit/seam.ts"))).toHaveLength(1);
  expect(measured.climbs).toBe(0);
  expect(measured.stops).toBeLessThanOrEqual(3);
});
