// Following a resource's `inputs` through a provider call: every read of a traced bag (and of anything read out
// of it) is recorded with the src function and file that made it, through a Proxy. A stop is a distinct function
// that reads it; a climb back is a read in a file the trail had already left. Used by the inputs-trail tests of
// each resource (test/survey, test/invite).
import * as path from "path";

const SRC = path.join(__dirname, "../../src") + path.sep;

export interface Stop {
  fn: string;
  file: string;
}

/** The function and src file that touched the bag: the first stack frame in src. */
function reader(): Stop | undefined {
  for (const line of (new Error().stack ?? "").split("\n").slice(2)) {
    const m = /at (?:async )?(\S+) \((.+?):\d+:\d+\)/.exec(line) ?? /at ()(.+?):\d+:\d+$/.exec(line);
    if (!m || !m[2].startsWith(SRC)) continue;
    return { fn: m[1] || "<anonymous>", file: path.relative(SRC, m[2]) };
  }
  return undefined;
}

/** `value` behind a Proxy that records every read made from src into `trail`. */
export function traced<T>(value: T, trail: Stop[]): T {
  if (value === null || typeof value !== "object") return value;
  const note = () => {
    const at = reader();
    if (at) trail.push(at);
  };
  return new Proxy(value, {
    get(target, key, receiver) {
      if (typeof key === "string") note();
      return traced(Reflect.get(target, key, receiver), trail);
    },
    has(target, key) {
      note();
      return Reflect.has(target, key);
    },
    ownKeys(target) {
      note();
      return Reflect.ownKeys(target);
    },
  });
}

/** Stops (distinct functions) and climbs back (a read in a file the trail had left before). */
export function measure(trail: Stop[]): { stops: number; files: number; climbs: number; order: string[] } {
  const order: string[] = [];
  for (const { fn, file } of trail) {
    const name = `${file} ${fn}`;
    if (order[order.length - 1] !== name) order.push(name);
  }
  const stops = new Set(order).size;
  const left = new Set<string>();
  let climbs = 0;
  let current: string | undefined;
  for (const { file } of trail) {
    if (file === current) continue;
    if (left.has(file)) climbs++;
    if (current !== undefined) left.add(current);
    current = file;
  }
  return { stops, files: new Set(trail.map((s) => s.file)).size, climbs, order };
}
