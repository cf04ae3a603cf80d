// The promise table for docs/contributing/interrupted-runs.md, made from the registry (src/message-promises.ts) so it
// cannot drift: each message, what it forbids of the requests PostHog receives, and what checks it.
import { MESSAGE_PROMISES, type Forbidden, type MessagePromise } from "../../src/message-promises";

const what = (f: { id: string; at?: string }) => `that object${f.at ? " at that host" : ""}`;

function forbidden(f: Forbidden): string {
  switch (f.kind) {
    case "delete":
      return `no DELETE of ${what(f)}`;
    case "write-to":
      return `no POST, PATCH or DELETE of ${what(f)}`;
    case "invite-post":
      return f.allowed
        ? `at most ${f.allowed} invite POST for that address`
        : "no invite POST (one or bulk) for that address";
    case "member-removal":
      return "no DELETE of that person's membership";
    case "write-named":
      return "no POST or PATCH with that name (or address) in its body";
    case "any-write":
      return "no POST, PATCH or DELETE at all";
  }
}

const cell = (text: string) => text.replace(/\|/g, "\\|");

function row(p: MessagePromise): string {
  const consequence = p.forbids ? `${forbidden(p.forbids)} (${p.window})` : "none registered";
  const check = p.forbids
    ? "CLI suite, after every test that prints it (test/setup/promise-check.ts)"
    : `**finding**: unchecked, ${p.unchecked ?? ""}`;
  return `| \`${p.source}\` | "${cell(p.words)}" | ${cell(consequence)} | ${cell(check)} |`;
}

/** The table, as Markdown. */
export function promiseTable(): string {
  return [
    "| where | the promise's words | what PostHog must not receive | checked by |",
    "| --- | --- | --- | --- |",
    ...MESSAGE_PROMISES.map(row),
  ].join("\n");
}
