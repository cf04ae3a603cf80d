// A resource's check failures about one top-level property, as the provider hands them to the engine: on that
// property, or (a mistake inside it, `questions[0].link`) without a property and with a reason that starts at the
// path inside it (src/provider-kit/check-failures.ts, forTheEngine).

export interface Failure {
  property: string;
  reason: string;
}

export function failuresAt<F extends Failure>(failures: readonly F[], property: string): F[] {
  const inside = (reason: string) => reason.startsWith(`${property}.`) || reason.startsWith(`${property}[`);
  return failures.filter((f) => f.property === property || (f.property === "" && inside(f.reason)));
}
