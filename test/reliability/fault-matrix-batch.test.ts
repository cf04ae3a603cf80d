// Fault matrix for InviteBatch: every operation under every injected fault converges, leaves no orphan or duplicate,
// and never reports success for something that did not happen (see matrix.ts).
import { ReliabilityStack, startReliabilityStack } from "./helpers";
import { Cell, faultLifecycle, FAULTS, summary } from "./matrix";
import { batch } from "./subjects";

let rs: ReliabilityStack;
const cells: Cell[] = [];
beforeAll(async () => {
  // Every read lists afresh, so each read really meets its fault.
  rs = await startReliabilityStack({ env: { POSTHOG_LIST_CACHE_TTL_MS: "0" } });
});
afterEach(() => rs.expectNoKeyLeaked());
afterAll(async () => {
  console.log(summary("InviteBatch fault matrix", cells));
  await rs?.close();
});

describe("InviteBatch under injected faults", () => {
  it.each(FAULTS.map((f) => [f.name, f] as const))(
    "%s: create, read, update and delete converge",
    async (_name, fault) => {
      await faultLifecycle(rs, batch, fault, cells);
    },
  );
});
