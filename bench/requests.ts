// Benchmark 2: HTTP requests per operation, counted in the emulator's request log, beside the floor: 0 for a
// no-op, 1 per changed resource, ceil(N/100) for what can be answered by listing 100 per page.
import { invites, surveys } from "./programs";
import { expectClean, RunOutcome, withStack } from "./stacks";
import { ratio, Row } from "./table";

const COMMAND = "npm run bench -- --only requests";

function row(benchmark: string, requests: number, floor: number, why: string): Row {
  return {
    benchmark,
    figure: `${requests} request${requests === 1 ? "" : "s"}`,
    floor: `${floor} (${why})`,
    ratio: ratio(requests, floor),
    command: COMMAND,
  };
}

export async function requestRows(): Promise<Row[]> {
  return withStack("off", async ({ stack, newEngine }) => {
    const counted = async (what: string, run: () => Promise<RunOutcome>) => {
      await stack.clearRequests();
      expectClean(what, await run());
      return (await stack.requests()).length;
    };
    const rows: Row[] = [];
    const hundred = newEngine();
    expectClean("create 100 surveys", await hundred.up(surveys(100)));
    const noop = await counted("no-op up", () => hundred.up(surveys(100)));
    rows.push(row("no-op `up` of 100 surveys", noop, 0, "nothing changed"));
    const update = await counted("one-field update", () => hundred.up(surveys(100, "bench", "Edited once")));
    rows.push(row("one-field update (1 of 100 surveys)", update, 1, "one PATCH"));
    const destroy = await counted("destroy", () => hundred.destroy());
    rows.push(row("`destroy` of 100 surveys", destroy, 100, "one DELETE each"));

    const surveys500 = newEngine();
    expectClean("create 500 surveys", await surveys500.up(surveys(500, "many")));
    const refresh = await counted("refresh 500 surveys", () => surveys500.refresh());
    rows.push(row("`refresh` of 500 surveys", refresh, Math.ceil(500 / 100), "ceil(N/100) list pages"));
    await stack.control("POST", "/reset");

    const invites250 = newEngine();
    expectClean("create 250 invites", await invites250.up(invites(250)));
    const inviteRefresh = await counted("refresh 250 invites", () => invites250.refresh());
    rows.push(row("`refresh` of 250 invites", inviteRefresh, Math.ceil(250 / 100), "ceil(N/100) list pages"));
    return rows;
  });
}
