// The literal printer lays values out as prettier (default options) would: prettier leaves its output unchanged.
import { printObject, quote, type Literal } from "../../src/export/literal";
import { prettierFormat } from "./prettier-check";

const program = (value: { [key: string]: Literal }) =>
  `new posthog.Survey("example", ${printObject(value, 0)});\n`;

const long = "How likely are you to recommend our product to a friend or a colleague of yours?";

const cases: [string, { [key: string]: Literal }][] = [
  ["flat scalars", { name: "NPS", type: "popover", archived: true, responsesLimit: 500, linkedFlagId: null }],
  ["a long string under a long key", { description: long }],
  ["a long string under a short key", { name: long, url: long }],
  ["quotes", { a: 'He said "hi"', b: "it's", c: `both " and '`, d: "more \"double\" than 'single'" }],
  ["escapes and unicode", { text: "line\nbreak\ttab \\ back", emoji: "日本語 ✓ café" }],
  ["keys needing quotes", { "0": 1, "1": "end", "my-key": true, $ok: 1, _ok: 2 }],
  [
    "short nested objects stay on one line",
    { branching: { type: "end" }, appearance: { whiteLabel: false } },
  ],
  [
    "questions",
    {
      questions: [
        { id: "0190a7c2-1111-7000-8000-000000000001", type: "open", question: "Why?" },
        {
          id: "0190a7c2-1111-7000-8000-000000000002",
          type: "single_choice",
          question: "Pick one",
          choices: ["Yes", "No", "Maybe"],
          branching: { type: "response_based", responseValues: { "0": 1, "1": "end" } },
        },
        { type: "open", question: long },
      ],
    },
  ],
  ["an array of one object", { values: [{ name: "signed up" }] }],
  ["an array of objects with one key each", { values: [{ name: "a" }, { name: "b" }] }],
  [
    "a long array of strings",
    { choices: ["Too expensive", "Missing features", "Switching to another product", "Other"] },
  ],
  [
    "arrays of arrays",
    {
      grid: [
        [1, 2],
        [3, 4],
      ],
      single: [[1]],
    },
  ],
  ["empty containers", { questions: [], appearance: {}, nested: { list: [], map: {} } }],
  [
    "deep conditions",
    {
      conditions: {
        url: "https://app.example.com/settings/billing/plans?tab=compare&currency=eur",
        urlMatchType: "icontains",
        events: {
          repeatedActivation: true,
          values: [{ name: "subscription cancelled" }, { name: "downgraded" }],
        },
        deviceTypes: ["Desktop", "Mobile"],
      },
    },
  ],
  ["numbers", { a: -1, b: 0.5, c: 1e21, d: 12345678901234 }],
];

/** Deterministic pseudo-random values: words of varied length, nesting, arrays of objects. */
function generated(count: number): [string, { [key: string]: Literal }][] {
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const keys = ["id", "url", "name", "label", "question", "description", "responseValues", "my key", "0"];
  const word = () =>
    pick([
      "a",
      "short",
      "a medium sized phrase",
      long,
      'with "quotes"',
      "x".repeat(40 + Math.floor(next() * 40)),
    ]);
  const value = (depth: number): Literal => {
    const r = next();
    if (depth > 3 || r < 0.35) return pick<Literal>([word(), Math.floor(next() * 1000), true, null]);
    if (r < 0.65) return Array.from({ length: Math.floor(next() * 4) }, () => value(depth + 1));
    return object(depth + 1);
  };
  const object = (depth: number): { [key: string]: Literal } =>
    Object.fromEntries(Array.from({ length: 1 + Math.floor(next() * 4) }, () => [pick(keys), value(depth)]));
  return Array.from({ length: count }, (_, i) => [`generated #${i}`, object(0)]);
}

describe("printLiteral", () => {
  cases.push(...generated(150));
  const sources = cases.map(([, value]) => program(value));
  const formatted = prettierFormat(sources);

  it.each(cases.map(([name], i) => [name, i] as const))("%s", (_name, i) => {
    expect(sources[i]).toBe(formatted[i]);
  });

  it("escapes what a string literal needs and nothing else", () => {
    expect(quote("plain")).toBe('"plain"');
    expect(quote('say "x"')).toBe("'say \"x\"'");
    expect(quote("it's")).toBe('"it\'s"');
    expect(eval(quote("a \"b\" \\ \n 'c'"))).toBe("a \"b\" \\ \n 'c'");
  });
});
