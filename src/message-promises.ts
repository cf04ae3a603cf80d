// Every message that promises what will or will not happen, with what it promises stated as a consequence on the
// requests PostHog receives (issue 55, item 1): a message's promise is a contract. The CLI suite checks, after each
// test, every consequence whose message the CLI printed against what the emulators received
// (test/setup/promise-check.ts), and a unit test fails when a message-defining line of src/ carries a promise word
// with no entry here (test/unit/message-promises.test.ts). Registering a message is one line: `promise(...)`, or
// `unchecked(...)` for a promise no request can show (which the table then lists as a finding).
//
// A pattern's named groups feed its consequence: `id` (an object's id: a survey's or an invite's, a member's
// `member:<uuid>`), `host` (the PostHog the promise is about, as printed), `email` (a person's address).

/** What a consequence forbids among the requests PostHog receives. */
export type Forbidden =
  /** A DELETE of the object the group names (any PostHog, or the one `at` names) */
  | { kind: "delete"; id: string; at?: string }
  /** A POST, PATCH or DELETE of the object the group names (any PostHog, or the one `at` names) */
  | { kind: "write-to"; id: string; at?: string }
  /** A POST of an invite (one, or in a bulk invite) to the address the group names, past `allowed` of them (0) */
  | { kind: "invite-post"; email: string; allowed?: number }
  /** A POST or PATCH whose body's name (a survey's) or target_email (an invite's) is the one the group names */
  | { kind: "write-named"; name: string }
  /** A DELETE of the membership of the person the group names */
  | { kind: "member-removal"; email: string }
  /** Any POST, PATCH or DELETE */
  | { kind: "any-write" };

/** Which requests a consequence holds over, counted from the CLI run that printed the message. */
export type Window =
  /** the run that printed it */
  | "this run"
  /** that run and every later one of the test */
  | "from then on"
  /** the next `pulumi up` after it */
  | "next up";

export interface MessagePromise {
  /** The file that writes the message, and the promise's words as they stand there (the unit test's key). */
  source: string;
  words: string;
  /** The message as the CLI prints it. */
  pattern: RegExp;
  /** What the requests in `window` must not contain; undefined: no request shows it (a finding). */
  forbids?: Forbidden;
  window: Window;
  /** Why nothing is checked (with `forbids` undefined). */
  unchecked?: string;
}

export const MESSAGE_PROMISES: MessagePromise[] = [];

/** Registers a message whose promise the CLI suite checks. */
function promise(source: string, words: string, pattern: RegExp, forbids: Forbidden, window: Window): void {
  MESSAGE_PROMISES.push({ source, words, pattern, forbids, window });
}

/** Registers a promise-bearing message whose promise no request shows, saying why: the table lists it as a finding. */
function unchecked(source: string, words: string, pattern: RegExp, why: string): void {
  MESSAGE_PROMISES.push({ source, words, pattern, window: "this run", unchecked: why });
}

const ID = String.raw`(?<id>[\w:-]+)`;
const HOST = String.raw`(?<host>https?://[^\s;,]+?)`;
const EMAIL = String.raw`(?<email>[^\s;,()]+@[^\s;,()]+?)`;
const re = (source: string) => new RegExp(source);

// src/provider-kit/placement.ts
promise(
  "src/provider-kit/placement.ts",
  "never deleted",
  re(String.raw`(?:survey|invite) ${ID} at ${HOST} is left as\s+it is, never deleted`),
  { kind: "write-to", id: "id", at: "host" },
  "from then on",
);
promise(
  "src/provider-kit/placement.ts",
  "not deleted",
  re(String.raw`: ${ID} is left at ${HOST}, not deleted`),
  { kind: "delete", id: "id", at: "host" },
  "from then on",
);
promise(
  "src/provider-kit/placement.ts",
  "is taken to be there and nothing",
  re(String.raw`(?:survey|invite) ${ID} is taken to be there and nothing\s+is replaced`),
  { kind: "delete", id: "id" },
  "this run",
);

promise(
  "src/provider-kit/placement.ts",
  "never deleted",
  re(
    String.raw`(?:survey|invite) ${ID} is at ${HOST}, where this stack's state says it lives[^]*?never deleted`,
  ),
  { kind: "write-to", id: "id", at: "host" },
  "from then on",
);
promise(
  "src/provider-kit/placement.ts",
  "sends it nothing",
  re(
    String.raw`has no (?:survey|invite) ${ID}, and this stack's state, written by an earlier\s+version, does not[^]*?refresh\s+keeps it in the state as it is\s+and sends it nothing`,
  ),
  { kind: "write-to", id: "id" },
  "this run",
);

// src/resources/invite/apply.ts
promise(
  "src/resources/invite/apply.ts",
  "nothing was sent",
  re(String.raw`${EMAIL} is already a member of organization [\w-]+; nothing was sent`),
  { kind: "invite-post", email: "email" },
  "this run",
);
promise(
  "src/resources/invite/apply.ts",
  "never removes the member",
  re(
    String.raw`${EMAIL} is already a member of organization [\w-]+; nothing was sent\. The invite is recorded as accepted \(destroying it never removes the member\)`,
  ),
  { kind: "member-removal", email: "email" },
  "from then on",
);

// src/resources/invite/member-removal.ts, src/resources/invite/batch-apply.ts: a member no invite of the stack
// brought in is never removed.
promise(
  "src/resources/invite/member-removal.ts",
  "sends PostHog nothing",
  re(
    String.raw`${EMAIL} was already a member of organization [\w-]+ when this stack recorded them [^]*?sends PostHog\s+nothing for them`,
  ),
  { kind: "member-removal", email: "email" },
  "from then on",
);
promise(
  "src/resources/invite/batch-apply.ts",
  "never removes them",
  // The list names several addresses: the pattern holds the first to its promise.
  re(String.raw`recorded as accepted and not invited: ${EMAIL}[,\s][^]*?never removes them`),
  { kind: "member-removal", email: "email" },
  "from then on",
);
promise(
  "src/resources/invite/batch-apply.ts",
  "never removes them",
  re(String.raw`for ${EMAIL} any more and \S+ is a member of organization [^]*?never removes them`),
  { kind: "member-removal", email: "email" },
  "from then on",
);

// src/resources/invite/clash-preview.ts, src/resources/invite/interrupted.ts
promise(
  "src/resources/invite/clash-preview.ts",
  "will refuse",
  re(
    String.raw`already has pending invite ${ID} for ${EMAIL}, which this stack cannot prove is its own, so pulumi up will refuse to send another`,
  ),
  { kind: "invite-post", email: "email" },
  "next up",
);
promise(
  "src/resources/invite/interrupted.ts",
  "Nothing was sent: another POST",
  re(
    String.raw`already has a pending invite for ${EMAIL} \(invite ${ID},[^]*?Nothing was sent: another POST`,
  ),
  { kind: "invite-post", email: "email" },
  "this run",
);
promise(
  "src/resources/invite/interrupted.ts",
  "Nothing was sent: posting again",
  re(String.raw`has a pending invite for ${EMAIL} \(invite ${ID},[^]*?Nothing was sent: posting again`),
  { kind: "invite-post", email: "email" },
  "this run",
);
unchecked(
  "src/resources/invite/interrupted.ts",
  "the update records it and sends nothing",
  /set adopt: true on this Invite and run pulumi up again: the update records it and sends nothing/,
  "advice for a run the user may or may not make: which later up follows it is not in the requests",
);
unchecked(
  "src/resources/invite/reinvite-warning.ts",
  "nothing is sent",
  /if they have accepted since, only the level is applied, to their membership, and nothing is sent/,
  "conditional on an acceptance the requests of the next up show only as PostHog's answers",
);
unchecked(
  "src/resources/invite/batch-apply.ts",
  "sends nothing",
  /not send: then it says so and sends nothing\)/,
  "conditional on a later up's own warning",
);

// src/resources/survey/clash-preview.ts, src/resources/survey/interrupted.ts
promise(
  "src/resources/survey/clash-preview.ts",
  "will refuse",
  re(
    String.raw`survey ${ID} already holds this name in project \d+, and this stack cannot prove it is its own \([^]*?\), so pulumi up will refuse to create it`,
  ),
  { kind: "write-to", id: "id" },
  "next up",
);
unchecked(
  "src/resources/survey/interrupted.ts",
  "took over",
  /took over survey [\w-]+ in project \d+: it carries this resource's question ids, so an earlier run of this resource made it/,
  "a fact about the past (a run of this resource made it), not a request a later run must not send",
);

// src/resources/survey/deletion-protection.ts
promise(
  "src/resources/survey/deletion-protection.ts",
  "was not deleted",
  re(
    String.raw`Survey "[^"]*" \(${ID}\) holds \d+ responses? \(counted just before its delete\) and has deletion protection, so it\s+was not deleted`,
  ),
  { kind: "delete", id: "id" },
  "this run",
);
promise(
  "src/resources/survey/deletion-protection.ts",
  "never deleted",
  re(String.raw`\(${ID}\) is left in PostHog as it is \(POSTHOG_LEAVE_IN_POSTHOG\), never deleted`),
  { kind: "delete", id: "id" },
  "from then on",
);
promise(
  "src/resources/survey/deletion-protection.ts",
  "so it stops here: nothing was written to PostHog",
  re(
    String.raw`Survey "[^"]*" \(${ID}\) holds \d+ responses?; the change of [^]*? so it stops here: nothing was written to PostHog`,
  ),
  { kind: "write-to", id: "id" },
  "this run",
);
promise(
  "src/resources/survey/deletion-protection.ts",
  "so it is kept: nothing was written to PostHog",
  re(
    String.raw`Survey "[^"]*" \(${ID}\) was not (?:deleted|replaced): deletion protection could not count its responses [^]*?so it is kept: nothing was written to PostHog`,
  ),
  { kind: "write-to", id: "id" },
  "this run",
);

// src/ownership
promise(
  "src/ownership/claims.ts",
  "It stays in PostHog",
  re(String.raw`not deleting (?:survey|invite) ${ID}: [^]*?It stays in PostHog`),
  { kind: "delete", id: "id" },
  "this run",
);
unchecked(
  "src/ownership/claims.ts",
  "(nothing is sent)",
  /give that resource an alias to this one's name \(nothing is sent\)/,
  "advice for a run after the user changes the program: which later up follows it is not in the requests",
);
unchecked(
  "src/ownership/adoption.ts",
  "nothing is",
  /adopts PostHog's \w+ [\w:-]+ instead of [^:]+: the object becomes this stack's and nothing is\s+created/,
  "the create it forgoes has no id to name: which POST would break it is not in the message",
);
unchecked(
  "src/ownership/late-create.ts",
  "it was not sent again",
  /so it may have been applied; it was not sent again/,
  "the request not sent again is not named in the message (its kind and path are the provider's)",
);

// Refusals that name the resource, not an object: what they forbid is a write of that name.
promise(
  "src/provider-kit/seam.ts",
  "Nothing was sent to PostHog.",
  re(String.raw`\w+ "(?<name>[^"]*)": [^]*? Nothing was sent to PostHog\.`),
  { kind: "write-named", name: "name" },
  "this run",
);
promise(
  "src/resources/survey/ownership.ts",
  "Nothing was sent.",
  /Survey "(?<name>[^"]*)": not created: this run has no stack mark, which proves the survey is this stack's if a run is interrupted\. Nothing was sent\./,
  { kind: "write-named", name: "name" },
  "this run",
);
promise(
  "src/resources/survey/interrupted.ts",
  "Nothing was written.",
  re(String.raw`Survey ${ID} holds the name, and [^]*?Nothing was written\.`),
  { kind: "write-to", id: "id" },
  "this run",
);
// src/resources/survey/sibling.ts: a survey another resource of this stack created, met before that resource's diff.
promise(
  "src/resources/survey/sibling.ts",
  "Nothing was written.",
  re(
    String.raw`(?:cannot adopt survey |Survey )${ID}(?:: | holds the name, and )another resource of this stack created it [^]*?Nothing was written\.`,
  ),
  { kind: "write-to", id: "id" },
  "this run",
);
promise(
  "src/resources/survey/sibling.ts",
  "will refuse",
  re(
    String.raw`Survey "(?<name>[^"]*)": survey ${ID} already holds this name in project \d+, and another resource of this stack created it \([^)]*\), so pulumi up will refuse to create it`,
  ),
  { kind: "write-named", name: "name" },
  "next up",
);
unchecked(
  "src/resources/survey/interrupted.ts",
  "it was not sent again",
  /(?:so|;) it was not sent again, and (?:this run's POST created|PostHog applied it late)/,
  "the request not sent again is the provider's own POST, which the message does not name",
);
unchecked(
  "src/client/errors.ts",
  "it was not sent again",
  /the last got no answer, so it may have been applied, and it was not sent again/,
  "the request not sent again is not named in the message",
);
unchecked(
  "src/provider-kit/function-args.ts",
  "Nothing was sent to PostHog.",
  /\w+: [^]*? Nothing was sent to PostHog\./,
  "a function (an invoke) names no object, and its reads share the run with the resources' requests",
);
promise(
  "src/resources/invite/invited-this-run.ts",
  "Nothing was sent for",
  re(String.raw`already invites to organization [\w-]+: ${EMAIL} \(by [^)]*\)\. Nothing was sent for`),
  { kind: "invite-post", email: "email", allowed: 1 },
  "this run",
);
unchecked(
  "src/resources/invite/apply.ts",
  "Nothing was sent, and their level was not changed",
  /Nothing was sent, and their level was not changed: this resource does not manage a membership another invitation made/,
  "the message names neither the address nor the member, so no request can be tied to it",
);
