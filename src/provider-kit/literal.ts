// A program literal: the JSON values a resource's export mapping (resources/*/export.ts) builds for
// `pulumi-posthog export` to print (export/literal.ts). The type sits here, below both, so the resources never
// import the export command.

export type Literal = string | number | boolean | null | Literal[] | { [key: string]: Literal };

export function isObject(value: Literal): value is { [key: string]: Literal } {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Whether a value read from PostHog (JSON) can be printed as a literal; undefined and functions cannot. */
export function isLiteral(value: unknown): value is Literal {
  if (value === null || ["string", "number", "boolean"].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isLiteral);
  return typeof value === "object" && Object.values(value).every(isLiteral);
}
