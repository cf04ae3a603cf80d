import { fixSupportRoot } from "./repo";
import { startStack } from "../test/support/stack";
import { surveys } from "./programs";

async function main() {
  fixSupportRoot();
  const stack = await startStack({ parallelism: 8 });
  const engine = stack.newEngine();
  let t = Date.now();
  const up = await engine.up(surveys(500));
  console.log("up 500", Date.now() - t, up.errors.length);
  await stack.clearRequests();
  t = Date.now();
  await engine.refresh();
  console.log("refresh", Date.now() - t, (await stack.requests()).length);
  t = Date.now();
  await engine.up(surveys(500));
  console.log("noop", Date.now() - t, (await stack.requests()).length);
  await stack.close();
}
main();
