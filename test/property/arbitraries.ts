// Generated Survey and Invite definitions for the round-trip property (round-trip.test.ts): texts with markup,
// entities, whitespace and unicode; every question type with branching; appearance; conditions with url,
// events, actions and variants; dates with offsets, milliseconds and no zone; every invite field.
import fc from "fast-check";
import type { InviteInputs as InviteArgs } from "../../src/resources/invite/types";
import type { SurveyInputs as SurveyArgs, SurveyQuestion } from "../../src/resources/survey/types";
import { RATING_SCALES } from "../../src/resources/survey/settings/questions";

/** What the definitions may point at: created once per run in the emulator. */
export interface Fixtures {
  actionIds: number[];
  /** A multivariate flag with variants "control" and "test". */
  flagId: number;
}

const word = fc.constantFrom("Dashboards", "Insights", "café", "naïve", "漢字", "😀 emoji", "Zürich", "42");
const markup = fc.constantFrom(
  "<b>bold</b>",
  "<i>it</i>",
  "<br/>",
  "<p onclick='x()'>para</p>",
  '<a href="https://posthog.com" target="_blank">link</a>',
  "<script>alert(1)</script>",
  "<em>a</em> & <strong>b</strong>",
  "<!-- note -->",
  "<span style='color:red'>red</span>",
);
const entity = fc.constantFrom("&amp;", "&", "&lt;", "<", ">", "&nbsp;", "x<y", '"quoted"', "'single'");
// Python's whitespace (what PostHog's str.strip() removes), including what JavaScript's trim does not know:
// U+001C-U+001F and U+0085.
const space = fc.constantFrom(
  " ",
  "  ",
  "\n",
  "\t",
  "\r\n",
  "\u000b\u000c",
  "\u00a0",
  "\u001c",
  "\u001d",
  "\u001e",
  "\u001f",
  "\u0085",
  "\u1680",
  "\u2000",
  "\u200a",
  "\u2028",
  "\u2029",
  "\u202f",
  "\u205f",
  "\u3000",
);
// Near misses Python keeps at the edges: U+FEFF (JavaScript's trim removes it), U+200B, U+180E.
const notSpace = fc.constantFrom("\ufeff", "\u200b", "\u180e");
/** What may surround a text: mostly whitespace, sometimes a character that only looks like it. */
const edge = fc
  .array(fc.oneof({ weight: 4, arbitrary: space }, { weight: 1, arbitrary: notSpace }), {
    minLength: 1,
    maxLength: 3,
  })
  .map((parts) => parts.join(""));

/** A text that always holds at least one word (so it stays non-blank after sanitising). */
export const richText = fc
  .tuple(word, fc.array(fc.oneof(word, markup, entity, space), { maxLength: 6 }))
  .map(([first, rest]) => [first, ...rest].join(" "));

/** A plain text with surrounding whitespace, as read from a file or a template literal. */
export const paddedText = fc
  .tuple(
    edge,
    fc.array(fc.oneof(word, entity), { minLength: 1, maxLength: 5 }),
    fc.oneof(fc.constant(""), edge),
  )
  .map(([before, words, after]) => `${before}${words.join(" ")}${after}`);

const branching = (index: number, count: number) =>
  fc.oneof(
    fc.constant(undefined),
    fc.constant({ type: "next_question" as const }),
    fc.constant({ type: "end" as const }),
    ...(index + 1 < count
      ? [
          fc
            .integer({ min: index + 1, max: count - 1 })
            .map((i) => ({ type: "specific_question" as const, index: i })),
        ]
      : []),
  );

const choices = fc.array(richText, { minLength: 1, maxLength: 4 });

const questionBody = fc.oneof(
  fc.record({ type: fc.constant("open" as const) }),
  fc.record({
    type: fc.constant("link" as const),
    link: fc.constantFrom("https://posthog.com/docs", "mailto:team@example.com"),
  }),
  // The scales PostHog draws for each display (settings/questions.ts, RATING_SCALES).
  fc.constantFrom("number" as const, "emoji" as const).chain((display) =>
    fc.record({
      type: fc.constant("rating" as const),
      display: fc.constant(display),
      scale: fc.constantFrom(...RATING_SCALES[display]),
      lowerBoundLabel: richText,
      upperBoundLabel: richText,
    }),
  ),
  fc.record({ type: fc.constant("single_choice" as const), choices, hasOpenChoice: fc.boolean() }),
  fc.record({ type: fc.constant("multiple_choice" as const), choices, shuffleOptions: fc.boolean() }),
);

const questions = fc.integer({ min: 1, max: 3 }).chain((count) =>
  fc.tuple(
    ...Array.from({ length: count }, (_, index) =>
      fc
        .record(
          {
            body: questionBody,
            question: richText,
            description: richText,
            descriptionContentType: fc.constantFrom("text" as const, "html" as const),
            buttonText: richText,
            branching: branching(index, count),
          },
          { requiredKeys: ["body", "question"], noNullPrototype: true },
        )
        .map(
          ({ body, branching: b, ...texts }) =>
            ({ ...texts, ...body, ...(b ? { branching: b } : {}) }) as SurveyQuestion,
        ),
    ),
  ),
);

const appearance = fc.record(
  {
    backgroundColor: fc.constantFrom("#eeeded", "#ffffff"),
    submitButtonText: richText,
    thankYouMessageHeader: richText,
    thankYouMessageDescription: richText,
    thankYouMessageDescriptionContentType: fc.constantFrom("text" as const, "html" as const),
    widgetType: fc.constantFrom("button" as const, "tab" as const, "selector" as const),
    surveyPopupDelaySeconds: fc.integer({ min: 0, max: 30 }),
    whiteLabel: fc.boolean(),
  },
  { requiredKeys: [], noNullPrototype: true },
);

const conditions = (fixtures: Fixtures) =>
  fc.record(
    {
      url: fc.constantFrom("/pricing", "https://example.com/app", "/über"),
      urlMatchType: fc.constantFrom("icontains" as const, "exact" as const, "regex" as const),
      events: fc.record({
        repeatedActivation: fc.boolean(),
        values: fc
          .uniqueArray(fc.constantFrom("signed_up", "$pageview", "checkout"), { minLength: 1 })
          .map((names) => names.map((name) => ({ name }))),
      }),
      actions: fc
        .uniqueArray(fc.constantFrom(...fixtures.actionIds), { minLength: 1 })
        .map((ids) => ({ values: ids.map((id) => ({ id })) })),
      linkedFlagVariant: fc.constantFrom("control", "test"),
      deviceTypes: fc.uniqueArray(fc.constantFrom("Desktop" as const, "Mobile" as const, "Tablet" as const), {
        minLength: 1,
      }),
      seenSurveyWaitPeriodInDays: fc.integer({ min: 0, max: 30 }),
    },
    { requiredKeys: [], noNullPrototype: true },
  );

/** An instant between `min` and `max` written with an offset, with milliseconds, in UTC, or without a zone. */
const instantText = (min: string, max: string) =>
  fc
    .tuple(
      fc.date({ min: new Date(min), max: new Date(max), noInvalidDate: true }),
      fc.constantFrom("Z", "ms", "naive", "naive-space", "+02:00", "-05:30"),
    )
    .map(([date, form]) => {
      const iso = date.toISOString(); // yyyy-mm-ddThh:mm:ss.sssZ
      const seconds = iso.slice(0, 19);
      if (form === "Z") return `${seconds}Z`;
      if (form === "ms") return iso;
      if (form === "naive") return seconds;
      if (form === "naive-space") return seconds.replace("T", " ");
      const sign = form[0] === "+" ? 1 : -1;
      const [h, m] = form.slice(1).split(":").map(Number);
      const local = new Date(date.getTime() + sign * (h * 60 + m) * 60_000).toISOString().slice(0, 19);
      return `${local}${form}`;
    });

/** A start date in 2026-2027. */
export const dateText = instantText("2026-01-01T00:00:00Z", "2027-12-31T00:00:00Z");
/** A start date an edit moves to: always a different instant from dateText's. */
export const laterDateText = instantText("2028-01-02T00:00:00Z", "2029-12-31T00:00:00Z");

export function surveyArgs(fixtures: Fixtures, name: string): fc.Arbitrary<SurveyArgs> {
  return fc
    .record(
      {
        description: paddedText,
        type: fc.constantFrom("popover" as const, "api" as const, "widget" as const),
        questions,
        appearance,
        conditions: conditions(fixtures),
        startDate: dateText,
        schedule: fc.constantFrom("once" as const, "recurring" as const, "always" as const),
        iterationCount: fc.integer({ min: 1, max: 5 }),
        iterationFrequencyDays: fc.integer({ min: 1, max: 90 }),
        responsesLimit: fc.integer({ min: 1, max: 1000 }),
        enablePartialResponses: fc.boolean(),
        nameSuffix: paddedText,
      },
      { requiredKeys: ["type", "nameSuffix"], noNullPrototype: true },
    )
    .map(({ nameSuffix, ...args }) => {
      const out: SurveyArgs = { ...args, name: `${name} ${nameSuffix}` };
      if (out.conditions?.linkedFlagVariant) out.linkedFlagId = fixtures.flagId;
      return out;
    });
}

export function inviteArgs(email: string): fc.Arbitrary<InviteArgs> {
  return fc.record(
    {
      targetEmail: fc.constantFrom(email, email.toUpperCase()),
      firstName: fc.tuple(edge, word, edge).map(([a, w, b]) => `${a}${w}${b}`.slice(0, 30)),
      message: fc.oneof(fc.constant(null), paddedText),
      level: fc.constantFrom("member" as const, "admin" as const),
      sendEmail: fc.boolean(),
      renewWhenExpired: fc.boolean(),
    },
    { requiredKeys: ["targetEmail"], noNullPrototype: true },
  );
}
