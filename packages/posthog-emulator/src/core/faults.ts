// Fault injection for /api/ routes (test control /_emulator/faults).
import { validationError } from "./errors";
import { isObject, type JsonObject } from "./json";

const METHODS = ["GET", "POST", "PATCH", "DELETE", "PUT"];

export interface Fault {
  method?: string;
  path: RegExp;
  skip: number;
  times?: number;
  status?: number;
  body?: JsonObject;
  retryAfter?: number;
  latencyMs?: number;
  reset?: boolean;
  commitThenDrop?: boolean;
  /** how many requests matched so far */
  seen: number;
}

function optNumber(raw: JsonObject, key: string, min: number): number | undefined {
  const v = raw[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "number" || !Number.isFinite(v) || v < min) {
    throw validationError("invalid", `${key} must be a number >= ${min}`, `faults__${key}`);
  }
  return v;
}

function parseFault(raw: unknown): Fault {
  if (!isObject(raw)) throw validationError("invalid", "each fault must be an object", "faults");
  if (typeof raw.path !== "string")
    throw validationError("required", "fault path (a regex) is required", "faults__path");
  let path: RegExp;
  try {
    path = new RegExp(raw.path);
  } catch {
    throw validationError("invalid", "fault path is not a valid regular expression", "faults__path");
  }
  let method: string | undefined;
  if (raw.method !== undefined && raw.method !== null) {
    method = String(raw.method).toUpperCase();
    if (!METHODS.includes(method)) throw validationError("invalid", "unknown fault method", "faults__method");
  }
  if (raw.body !== undefined && raw.body !== null && !isObject(raw.body)) {
    throw validationError("invalid", "fault body must be an object", "faults__body");
  }
  return {
    method,
    path,
    skip: optNumber(raw, "skip", 0) ?? 0,
    times: optNumber(raw, "times", 0),
    status: optNumber(raw, "status", 100),
    body: isObject(raw.body) ? raw.body : undefined,
    retryAfter: optNumber(raw, "retryAfter", 0),
    latencyMs: optNumber(raw, "latencyMs", 0),
    reset: raw.reset === true,
    commitThenDrop: raw.commitThenDrop === true,
    seen: 0,
  };
}

export class Faults {
  private list: Fault[] = [];

  set(raw: unknown): void {
    if (!Array.isArray(raw)) throw validationError("invalid", "faults must be an array", "faults");
    this.list = raw.map(parseFault);
  }

  clear(): void {
    this.list = [];
  }

  /**
   * Every matching fault counts the request; the first one inside its [skip, skip+times) window fires.
   * Only one fault applies per request.
   */
  take(method: string, path: string): Fault | undefined {
    for (const f of this.list) {
      if (f.method && f.method !== method) continue;
      if (!f.path.test(path)) continue;
      const index = f.seen++;
      if (index >= f.skip && (f.times === undefined || index < f.skip + f.times)) return f;
    }
    return undefined;
  }
}
