// Model-based test of a survey's lifecycle (status draft/running/stopped, archived, a scheduled end date)
// through the real plugin against the emulator. fast-check generates sequences of: declarations applied with
// `up`, a plain re-`up`, previews (of the program or of another declaration), refreshes, the changes a person
// makes in PostHog's UI (launch, stop, resume, archive, unarchive, edit, delete) and days passing (on the
// emulator's clock and the plugin's). The model (lifecycle-model.ts) knows what is declared, what Pulumi's state records and what
// PostHog holds; each command (lifecycle-commands.ts) checks the real system against it: after every `up`
// PostHog holds what is declared, PostHog refused none of its requests and the next preview is clean with 0
// requests; what check refuses (un-launching, an end date wrong for the status) fails preview and `up` with 0
// writes; drift shows only after a refresh, and time passing makes none.
// One sequence is one engine and one survey with its own name. PROPERTY_CASES is the number of steps to aim
// for (default 300; `npm run test:property` sets 2000), PROPERTY_SEED the seed, PROPERTY_LIFECYCLE_LENGTH the
// longest sequence (default 20). PROPERTY_SHRINK=1 shrinks a failure to a shorter sequence; PROPERTY_PATH
// with the seed replays the one fast-check reported.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { startStack, type TestStack } from "../support/stack";
import {
  AdvanceClock,
  DeclareUp,
  lifecycleSequence,
  type Real,
  Reapply,
  Refresh,
  UiDelete,
} from "./lifecycle-commands";
import { type Model, newModel } from "./lifecycle-model";
import { LifecycleSystem, Tally } from "./lifecycle-system";

const STEPS = Number(process.env.PROPERTY_CASES ?? 300);
const SEED = Number(process.env.PROPERTY_SEED ?? 20261124);
const LENGTH = Number(process.env.PROPERTY_LIFECYCLE_LENGTH ?? 20);
// fast-check draws sequence lengths up to LENGTH, and skips commands the model rules out (a UI stop of a draft):
// a sequence averages about a quarter of LENGTH in steps run.
const SEQUENCES = Math.max(1, Math.ceil((4 * STEPS) / LENGTH));

// The plugin's clock moves with the emulator's (plugin-clock.js), as one real clock would for both.
const pluginClock = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lifecycle-clock-")), "offset-ms");
let stack: TestStack;
beforeAll(async () => {
  fs.writeFileSync(pluginClock, "0");
  stack = await startStack({
    env: {
      NODE_OPTIONS: `--require ${path.join(__dirname, "plugin-clock.js")}`,
      PLUGIN_CLOCK_FILE: pluginClock,
    },
  });
});
afterAll(async () => {
  await stack?.close();
  fs.rmSync(path.dirname(pluginClock), { recursive: true, force: true });
});

const tally = new Tally();
let caseNo = 0;
const stoppedArchived = { status: "stopped", archived: true } as const;

/** Runs one sequence on a fresh engine and survey; the engine destroys what it made, whatever happened. */
async function runSequence(
  commands: Iterable<fc.AsyncCommand<Model, Real>>,
  name: string,
  tally: Tally,
): Promise<void> {
  tally.sequences++;
  const system = new LifecycleSystem(stack, stack.newEngine(), name, pluginClock);
  await system.startClock();
  try {
    await fc.asyncModelRun(() => ({ model: newModel(), real: { system, tally } satisfies Real }), commands);
  } finally {
    await system.engine.destroy();
  }
}

// Sequences the model found failing (shrunk, and restated under check's later date rules), run every time so a
// fix stays fixed whatever the seed draws.
const found: [string, fc.AsyncCommand<Model, Real>[]][] = [
  [
    "archived and stopped, created at once (the issue's example; fails on main 7275660)",
    [new DeclareUp(stoppedArchived)],
  ],
  [
    "a scheduled stop's endDate dropped while declaring stopped (read running on a-lifecycle e37d6bd)",
    [
      new DeclareUp({ status: "running", archived: false, endInDays: 1 }),
      new DeclareUp({ status: "stopped", archived: false }),
    ],
  ],
  [
    "stopped at an end date that has passed, on a draft (PostHog refused the launch mid-up on e37d6bd)",
    [
      new DeclareUp({ status: "draft", archived: false }),
      new DeclareUp({ status: "stopped", archived: false, endInDays: 1 }),
      new AdvanceClock(1),
      new Reapply(),
    ],
  ],
  [
    "a scheduled stop that has passed, deleted in the UI, created again",
    [
      new DeclareUp({ status: "running", archived: true, endInDays: 1 }),
      new AdvanceClock(2),
      new Refresh(),
      new Reapply(),
      new UiDelete(),
      new Reapply(),
    ],
  ],
];

test.each(found)("found by the model: %s", async (_, commands) => {
  await runSequence(commands, `Lifecycle case ${++caseNo}`, new Tally());
});

test(
  `survey lifecycle: ${SEQUENCES} sequences of up to ${LENGTH} steps match the model (seed ${SEED})`,
  async () => {
    try {
      await fc.assert(
        fc.asyncProperty(lifecycleSequence(LENGTH), (commands) =>
          runSequence(commands, `Lifecycle model ${SEED}.${tally.sequences + 1}`, tally),
        ),
        {
          seed: SEED,
          numRuns: SEQUENCES,
          // PROPERTY_PATH replays one counterexample (fast-check prints its seed and path).
          ...(process.env.PROPERTY_PATH ? { path: process.env.PROPERTY_PATH } : {}),
          endOnFailure: process.env.PROPERTY_SHRINK !== "1",
        },
      );
    } finally {
      // The closing note quotes this line; on failure fast-check's report above names the sequence.
      console.log(`survey lifecycle model, seed ${SEED}: ${tally.summary()}`);
    }
  },
  Math.max(120_000, STEPS * 2_000),
);
