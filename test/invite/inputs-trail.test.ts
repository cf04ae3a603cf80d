// Following an Invite's and an InviteBatch's `inputs` through `create` (test/support/inputs-trail.ts): every read
// of the engine's input bag, and of the untyped bags the seam's declaration still carries (`inputs`, handed back
// by check, and `declared`, kept in outputs), recorded with the src function and file that made it, during one
// create against the emulator. The seam (provider-kit/seam.ts) parses the bag once into an InviteDeclaration
// (resources/invite/declaration.ts) or an InviteBatchDeclaration (batch-declaration.ts); the core reads only
// their typed values. Run with TRAIL=1 to print the trails.
import { startEmulator, type EmulatorHandle } from "posthog-emulator";
import { resetPulumiConfig } from "../../src/config";
import * as inviteDeclaration from "../../src/resources/invite/declaration";
import * as batchDeclaration from "../../src/resources/invite/batch-declaration";
import { measure, traced, type Stop } from "../support/inputs-trail";

let trail: Stop[] = [];
let emulator: EmulatorHandle;
let invite: typeof import("../../src/resources/invite/provider");
let batch: typeof import("../../src/resources/invite/batch-provider");
beforeAll(async () => {
  // The spies are in place before the provider modules take their references to the declare functions.
  const declareInvite = inviteDeclaration.declareInvite;
  jest.spyOn(inviteDeclaration, "declareInvite").mockImplementation((inputs) => {
    const made = declareInvite(inputs);
    return { ...made, inputs: traced(made.inputs, trail), declared: traced(made.declared, trail) };
  });
  const declareInviteBatch = batchDeclaration.declareInviteBatch;
  jest.spyOn(batchDeclaration, "declareInviteBatch").mockImplementation((inputs) => {
    const made = declareInviteBatch(inputs);
    return { ...made, inputs: traced(made.inputs, trail), declared: traced(made.declared, trail) };
  });
  invite = require("../../src/resources/invite/provider");
  batch = require("../../src/resources/invite/batch-provider");
  emulator = await startEmulator({ port: 0 });
  const config: Record<string, string> = {
    "posthog:host": emulator.url,
    "posthog:apiKey": emulator.apiKey,
    "posthog:requestsPerSecond": "0",
  };
  await invite.configure({ config: { get: (key: string) => config[key] } });
});
afterAll(async () => {
  resetPulumiConfig();
  await emulator?.close();
});
beforeEach(() => {
  trail = [];
});

/**
 * The seam reads the bag once; nothing in the core reads an untyped bag after it. Measured the same way on the
 * tree before the declarations (b79e505, tracing the bag the seam then handed the core): an Invite's create made
 * 6 stops in 5 files with 3 climbs back (apply.ts, typed.ts, mapping.ts termsOf twice, declared.ts), a batch's
 * 5 stops in 4 files with 4 climbs back (batch-mapping.ts and typed.ts in turn, once per person).
 */
function expectOneParse(label: string): void {
  const measured = measure(trail);
  if (process.env.TRAIL) console.log(label, JSON.stringify(measured, null, 2));
  expect(measured.order).toEqual(["provider-kit/seam.ts copy"]);
  expect(measured.climbs).toBe(0);
}

test("an Invite's inputs through create: stops and climbs back", async () => {
  const inputs = { targetEmail: "trail@example.com", firstName: "Trail", level: "admin", sendEmail: false };
  const created = await invite.create(traced(inputs, trail));
  expect(created.outs).toMatchObject({ targetEmail: "trail@example.com", level: "admin", status: "pending" });
  expect(inviteDeclaration.declareInvite).toHaveBeenCalled();
  expectOneParse("Invite");
});

test("an InviteBatch's inputs through create: stops and climbs back", async () => {
  const inputs = {
    invites: [{ targetEmail: "one@example.com" }, { targetEmail: "two@example.com", level: "admin" }],
    message: "Welcome",
    sendEmail: false,
  };
  const created = await batch.create(traced(inputs, trail));
  expect(Object.keys(created.outs.invitations).sort()).toEqual(["one@example.com", "two@example.com"]);
  expect(batchDeclaration.declareInviteBatch).toHaveBeenCalled();
  expectOneParse("InviteBatch");
});
