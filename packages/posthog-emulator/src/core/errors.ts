// PostHog error bodies as produced by exceptions_hog (docs/contributing/posthog-behaviour.md#errors): always {type, code, detail, attr}.

export interface ErrorBody {
  type: string;
  code: string;
  detail: string;
  attr: string | null;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.detail);
  }
}

/** exceptions_hog renames DRF's generic code "invalid" to "invalid_input". */
function renameCode(code: string): string {
  return code === "invalid" ? "invalid_input" : code;
}

export function validationError(code: string, detail: string, attr: string | null = null): ApiError {
  return new ApiError(400, { type: "validation_error", code: renameCode(code), detail, attr });
}

export function notFound(detail = "Not found."): ApiError {
  return new ApiError(404, { type: "invalid_request", code: "not_found", detail, attr: null });
}

export function permissionDenied(detail = "You do not have permission to perform this action."): ApiError {
  return new ApiError(403, { type: "authentication_error", code: "permission_denied", detail, attr: null });
}

export function notAuthenticated(): ApiError {
  return new ApiError(401, {
    type: "authentication_error",
    code: "not_authenticated",
    detail: "Authentication credentials were not provided.",
    attr: null,
  });
}

export type KeySource = "Authorization header" | "query string";

export function authenticationFailed(source: KeySource): ApiError {
  return new ApiError(401, {
    type: "authentication_error",
    code: "authentication_failed",
    detail: `Personal API key found in request ${source} is invalid.`,
    attr: null,
  });
}

export function methodNotAllowed(method: string): ApiError {
  return new ApiError(405, {
    type: "invalid_request",
    code: "method_not_allowed",
    detail: `Method "${method}" not allowed.`,
    attr: null,
  });
}

/** DRF's Throttled detail uses ngettext, so 1 is "second" and anything else "seconds". */
// DRF: rest_framework/exceptions.py, Throttled rounds the wait up; views.py exception_handler sends
// Retry-After only when there is a wait.
export function throttled(waitSeconds: number | null): ApiError {
  const wait = waitSeconds === null ? null : Math.ceil(waitSeconds);
  const unit = wait === 1 ? "second" : "seconds";
  return new ApiError(
    429,
    {
      type: "throttled_error",
      code: "throttled",
      detail:
        wait === null
          ? "Request was throttled."
          : `Request was throttled. Expected available in ${wait} ${unit}.`,
      attr: null,
    },
    wait ? { "Retry-After": String(wait) } : undefined,
  );
}

export function parseError(message: string): ApiError {
  return new ApiError(400, {
    type: "invalid_request",
    code: "parse_error",
    detail: `JSON parse error - ${message}`,
    attr: null,
  });
}

export function serverError(): ApiError {
  return new ApiError(500, {
    type: "server_error",
    code: "error",
    detail: "A server error occurred.",
    attr: null,
  });
}

/** The body PostHog would send for a bare status (used by status faults that carry no body). */
export function defaultErrorFor(status: number, method: string, retryAfter?: number): ApiError {
  switch (status) {
    case 400:
      return validationError("invalid", "Invalid input.");
    case 401:
      return notAuthenticated();
    case 403:
      return permissionDenied();
    case 404:
      return notFound();
    case 405:
      return methodNotAllowed(method);
    case 429:
      return throttled(retryAfter ?? 1);
    case 503:
      return new ApiError(503, {
        type: "server_error",
        code: "service_unavailable",
        detail: "Service temporarily unavailable, try again later.",
        attr: null,
      });
    default:
      if (status >= 500) return new ApiError(status, { ...serverError().body });
      return new ApiError(status, {
        type: "invalid_request",
        code: "error",
        detail: "Request failed.",
        attr: null,
      });
  }
}
