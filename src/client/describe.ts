import type { z } from "zod";
import { errorBodySchema } from "./errors.wire";

/**
 * The `type` given to an answer without a JSON body. PostHog answers every error with JSON (DRF's exception
 * handler, posthog/exceptions.py), so a 4xx without one comes from something else at that host: a web server, a
 * proxy, a wrong path prefix. Such a 404 is not "the object is gone".
 */
export const NON_JSON_ANSWER = "non_json_answer";

/** type/code/detail/attr from PostHog's error body, or a short description of whatever came back. */
export function describeHttpError(
  status: number,
  text: string,
): { type?: string; code?: string; detail?: string; attr?: string | null } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const snippet = text
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 160);
    return {
      type: NON_JSON_ANSWER,
      detail: snippet ? `non-JSON body: ${snippet}` : `HTTP ${status} with an empty body`,
    };
  }
  const body = errorBodySchema.safeParse(json);
  if (!body.success) return { detail: JSON.stringify(json).slice(0, 200) };
  const { type, code, detail, attr } = body.data;
  return {
    type: type ?? undefined,
    code: code === undefined || code === null ? undefined : String(code),
    detail:
      detail === undefined || detail === null
        ? undefined
        : typeof detail === "string"
          ? detail
          : JSON.stringify(detail),
    attr: attr ?? null,
  };
}

/** Names the bad field(s), never the whole body (which may be large). */
export function describeParseError(error: z.ZodError): string {
  const parts = error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length ? i.path.join(".") : "(root)"}: ${i.message}`);
  const more = error.issues.length > 3 ? ` (+${error.issues.length - 3} more)` : "";
  return `unexpected response shape: ${parts.join("; ")}${more}`;
}
