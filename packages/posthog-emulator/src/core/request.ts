// One parsed HTTP request, with the JSON body decoded lazily (DRF only fails on a bad body when a view reads it).
import type { IncomingHttpHeaders } from "node:http";
import { parseError } from "./errors";
import { parseJson, type Json } from "./json";

type Parsed = { ok: true; value: Json } | { ok: false; message: string };

export class ApiRequest {
  readonly query: URLSearchParams;
  private parsed?: Parsed;

  constructor(
    readonly method: string,
    /** raw path as sent, without the query string */
    readonly path: string,
    /** raw query string without "?" */
    readonly rawQuery: string,
    readonly headers: IncomingHttpHeaders,
    readonly bodyText: string,
  ) {
    this.query = new URLSearchParams(rawQuery);
  }

  /** Django's QueryDict returns the last value of a repeated parameter. */
  param(name: string): string | undefined {
    return this.query.getAll(name).at(-1);
  }

  host(fallback: string): string {
    return this.headers.host ?? fallback;
  }

  private parse(): Parsed {
    if (!this.parsed) {
      if (this.bodyText.trim() === "") this.parsed = { ok: true, value: {} };
      else {
        try {
          this.parsed = { ok: true, value: parseJson(this.bodyText) };
        } catch (e) {
          this.parsed = { ok: false, message: e instanceof Error ? e.message : String(e) };
        }
      }
    }
    return this.parsed;
  }

  /** The request body; an empty body is {} as in DRF; invalid JSON throws 400 parse_error. */
  json(): Json {
    const p = this.parse();
    if (!p.ok) throw parseError(p.message);
    return p.value;
  }

  /** For the request log: the parsed body, or null when empty or not JSON. */
  logBody(): Json | null {
    if (this.bodyText.trim() === "") return null;
    const p = this.parse();
    return p.ok ? p.value : null;
  }
}
