// Programs the benchmarks run through the engine harness: many small surveys or invites.
import { Invite, Survey } from "../src";

export function surveys(count: number, prefix = "bench", description = "Benchmark survey") {
  return () => {
    for (let i = 0; i < count; i++) {
      new Survey(`${prefix}-${i}`, {
        name: `${prefix} survey ${i}`,
        description: i === 0 ? description : "Benchmark survey",
        type: "popover",
        questions: [{ type: "open", question: `Question ${i}?` }],
      });
    }
  };
}

export function invites(count: number, prefix = "bench") {
  return () => {
    for (let i = 0; i < count; i++) {
      new Invite(`${prefix}-${i}`, { targetEmail: `${prefix}${i}@example.com`, sendEmail: false });
    }
  };
}
