// What every /_emulator control shares: its signature, the JSON object body, and field errors as the API reports them.
import type { Result } from "../core/context";
import type { Emulator } from "../core/emulator";
import { validationError } from "../core/errors";
import { FieldError } from "../core/fields";
import { isObject, type JsonObject } from "../core/json";
import type { ApiRequest } from "../core/request";

export type Control = (em: Emulator, req: ApiRequest, id: string) => Result;

export interface ControlRoute {
  pattern: RegExp;
  methods: Partial<Record<string, Control>>;
}

export function body(req: ApiRequest): JsonObject {
  const b = req.json();
  if (!isObject(b)) throw validationError("invalid", "Expected a JSON object body.");
  return b;
}

/** Runs a field parser and reports its failure the way the API does. */
export function field<T>(attr: string, parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    if (e instanceof FieldError) throw validationError(e.code, e.detail, attr);
    throw e;
  }
}
