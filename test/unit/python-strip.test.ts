// DRF trims text with Python's str.strip(); the emulator (PostHog's side) and the provider (predicting what PostHog
// stores, so the diff converges) each carry their own copy of Python's whitespace set. Both are checked here against
// every code point, so neither can drift from Python or from the other.
import { charField, FieldError } from "../../packages/posthog-emulator/src/core/fields";
import { pythonStrip } from "../../packages/posthog-emulator/src/core/python-strip";
import { stripLikeDrf } from "../../src/provider-kit/normal-form";
import { validateSurveyInputs } from "../../src/resources/survey/validate";

// CPython 3.11: [c for c in range(0x110000) if chr(c).isspace()] (Py_UNICODE_ISSPACE: bidirectional type WS, B or
// S, or category Zs). str.strip() with no argument strips exactly these.
const PYTHON_WHITESPACE = [
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002,
  0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
];
// Near misses: JavaScript strips U+FEFF; U+180E was whitespace in older Unicode; U+200B-U+200D and U+2060 look
// like spaces; U+0000 and U+001B sit next to the set's control characters.
const NOT_WHITESPACE = [
  0x00, 0x08, 0x0e, 0x1b, 0x21, 0x84, 0x86, 0x9f, 0xa1, 0x180e, 0x200b, 0x200c, 0x200d, 0x2060, 0xfeff,
];

const hex = (c: number) => `U+${c.toString(16).toUpperCase().padStart(4, "0")}`;
const strips = [
  ["emulator pythonStrip", pythonStrip],
  ["provider stripLikeDrf", stripLikeDrf],
] as const;

describe.each(strips)("%s", (_name, strip) => {
  it("strips every character of Python's set from both ends, and keeps it inside", () => {
    for (const c of PYTHON_WHITESPACE) {
      const s = String.fromCodePoint(c);
      expect([hex(c), strip(`${s}${s}a${s}b${s}`)]).toEqual([hex(c), `a${s}b`]);
    }
  });

  it("keeps the near misses, U+FEFF and U+200B among them", () => {
    for (const c of NOT_WHITESPACE) {
      const s = String.fromCodePoint(c);
      expect([hex(c), strip(`${s}a${s}`)]).toEqual([hex(c), `${s}a${s}`]);
    }
  });

  it("strips exactly Python's set over every code point", () => {
    const set = new Set(PYTHON_WHITESPACE);
    const wrong: string[] = [];
    for (let c = 0; c <= 0x10ffff; c++) {
      const s = String.fromCodePoint(c);
      if ((strip(`${s}x${s}`) === "x") !== set.has(c)) wrong.push(hex(c));
    }
    expect(wrong).toEqual([]);
  });
});

describe("what PostHog does with a name made of such characters", () => {
  it("the emulator's CharField stores it stripped, and refuses one that strips to nothing as blank", () => {
    expect(charField("\u001c\u0085 NPS \u001f")).toBe("NPS");
    expect(charField("\ufeffNPS\ufeff")).toBe("\ufeffNPS\ufeff");
    const refusal = (() => {
      try {
        return charField("\u001c\u001d\u001e\u001f\u0085");
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toEqual(new FieldError("blank", "This field may not be blank."));
    expect(charField("\u200b")).toBe("\u200b");
  });

  it("check refuses the same blank name and accepts the U+FEFF one, as PostHog would", () => {
    const names = (name: string) =>
      validateSurveyInputs({ name, type: "popover", questions: [{ type: "open", question: "Q" }] }).map(
        (f) => f.property,
      );
    expect(names("\u001c\u0085")).toContain("name");
    expect(names("\ufeff")).not.toContain("name");
  });
});
