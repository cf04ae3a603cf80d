// Two refusals the secrets tests meet (emulator faults): a survey update PostHog refuses as invalid, and an
// invite listing refused as unauthenticated. Both produce errors that must not carry the key.
export const REFUSALS = [
  {
    method: "PATCH",
    path: "/surveys/[^/]+/?$",
    status: 400,
    body: { type: "validation_error", code: "invalid_input", detail: "Refused.", attr: "description" },
  },
  { method: "GET", path: "/invites/?$", status: 401 },
];
