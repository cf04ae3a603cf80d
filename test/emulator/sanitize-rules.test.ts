// ammonia's rules beyond the golden file, and which survey texts the emulator sanitises on save.
import { isHtml, sanitizeHtml } from "@pulumi-posthog/posthog-html";
import { startHarness, type Harness } from "./helpers";

describe("isHtml: markup means a tag, comment, doctype or NUL reached the tokenizer", () => {
  test.each([
    ["<?php x ?>", true], // a bogus comment
    ["<![CDATA[x]]>", true], // outside foreign content CDATA is a bogus comment too
    ["a\u0000b", true], // html5ever reports NUL as its own token kind
    ["</>", false], // an empty end tag is dropped as a parse error
    ["&lt;script&gt;", false], // character references are text
    ["1 <2", false],
  ])("%j -> %s", (text, expected) => {
    expect(isHtml(text)).toBe(expected);
  });
});

describe("sanitizeHtml", () => {
  test.each([
    // URL attributes: relative URLs pass through, absolute ones need an allowed scheme and must parse
    ['<a href="/rel">r</a>', '<a href="/rel" rel="noopener">r</a>'],
    ['<a href="//cdn.example">p</a>', '<a href="//cdn.example" rel="noopener">p</a>'],
    ['<a href="#frag">f</a>', '<a href="#frag" rel="noopener">f</a>'],
    ['<a href=" javascript:alert(1)">j</a>', '<a rel="noopener">j</a>'],
    ['<a href="java\tscript:alert(1)">j</a>', '<a rel="noopener">j</a>'],
    ['<a href="https://exa mple.com">h</a>', '<a rel="noopener">h</a>'],
    ['<img src="data:image/png;base64,AA">', "<img>"],
    // names are lower-cased, a sent rel is replaced by PostHog's, attribute order is kept
    ['<A HREF="HTTPS://X.COM" REL=nofollow>u</A>', '<a href="HTTPS://X.COM" rel="noopener">u</a>'],
    [
      '<a href="mailto:a@b.c" target=_blank rel=x hreflang=en>m</a>',
      '<a href="mailto:a@b.c" target="_blank" hreflang="en" rel="noopener">m</a>',
    ],
    ['<ol type="a" start="3" reversed><li>x</ol>', '<ol type="a" start="3"><li>x</li></ol>'],
    // attribute values escape &, " and no-break space
    ['<p title="a&quot;b&amp;\u00a0">t</p>', '<p title="a&quot;b&amp;&nbsp;">t</p>'],
    // the tree is the HTML5 parser's: implied elements, adoption agency, dropped leading newline
    ["<table><td>x", "<table><tbody><tr><td>x</td></tr></tbody></table>"],
    ["<b>a<p>b</b>c", "<b>a</b><p><b>b</b>c</p>"],
    ["<pre>\nx</pre>", "<pre>x</pre>"],
    ["a\u0000b", "ab"],
    ["\ufeff<b>x</b>", "<b>x</b>"], // one leading byte order mark is discarded, as html5ever does
    ["a\ufeff<b>x</b>", "a\ufeff<b>x</b>"],
    // raw-text elements are dropped, their text kept and escaped
    ["<noscript><b>x</b></noscript>", "&lt;b&gt;x&lt;/b&gt;"],
    ["<xmp><b></xmp>", "&lt;b&gt;"],
    ["<select><option>o</option></select>", "o"],
    // removed together with their content: template content, foreign content after its root was
    // dropped, and HTML elements named like SVG/MathML elements
    ["<template><b>x</b></template>ok", "ok"],
    ['<svg><a href="https://x">t</a></svg>ok', "ok"],
    ["<math><mi><b>x</b></mi></math>ok", "ok"],
    ["<text>hi</text>ok", "ok"],
    ["<?php x ?>", ""],
  ])("%j -> %j", (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  test("deeply nested input is cleaned without exhausting the stack", () => {
    // Past Node's default stack: a one-argument recursive function overflows at about 15,000 frames. Deeper costs
    // quadratic time in the HTML parser's scope checks (each start tag scans the open elements), as in html5ever.
    const depth = 20_000;
    expect(sanitizeHtml(`${"<div>".repeat(depth)}x`)).toBe(
      `${"<div>".repeat(depth)}x${"</div>".repeat(depth)}`,
    );
  });
});

describe("survey texts sanitised on save", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.reset());
  const base = () => `/api/projects/${h.em.projectId}/surveys/`;

  test("plain strings are stored exactly as sent, markup-free `<` and `&` included", async () => {
    const question = {
      type: "single_choice",
      question: "Rate us 1 < 2 & more",
      description: "AT&T > you",
      choices: ["Tom & Jerry", "x<y"],
      buttonText: "  padded  ",
    };
    const created = await h.survey({ name: "Plain", questions: [question] });
    expect(created.status).toBe(201);
    const stored = await h.api("GET", `${base()}${created.body.id}/`);
    expect(stored.body.questions).toEqual([{ ...question, id: created.body.questions[0].id }]);
  });

  test("choices, links and rating labels are sanitised; content types make no difference", async () => {
    const created = await h.survey({
      name: "Markup",
      questions: [
        { type: "multiple_choice", question: "Q", choices: ["<b>A", "B<script>x()</script>"] },
        { type: "link", question: "L", link: "https://posthog.com/<b>docs", descriptionContentType: "text" },
        { type: "rating", question: "R", lowerBoundLabel: "<i>low", upperBoundLabel: "high & <br/>" },
      ],
      appearance: {
        thankYouMessageHeader: "<h1>Thanks",
        thankYouMessageDescription: "<a href=javascript:x>more</a>",
        thankYouMessageDescriptionContentType: "text",
        thankYouMessageCloseButtonText: "Close <!-- me -->",
      },
    });
    expect(created.status).toBe(201);
    const [choice, link, rating] = created.body.questions;
    expect(choice.choices).toEqual(["<b>A</b>", "B"]);
    expect(link.link).toBe("https://posthog.com/<b>docs</b>");
    expect([rating.lowerBoundLabel, rating.upperBoundLabel]).toEqual(["<i>low</i>", "high &amp; <br>"]);
    expect(created.body.appearance).toEqual({
      thankYouMessageHeader: "<h1>Thanks</h1>",
      thankYouMessageDescription: '<a rel="noopener">more</a>',
      thankYouMessageDescriptionContentType: "text",
      thankYouMessageCloseButtonText: "Close ",
    });
  });

  test("only PostHog's fields are touched: other appearance keys and the survey's own texts stay raw", async () => {
    const created = await h.survey({
      name: "<b>Name</b>",
      description: "<b>internal note",
      questions: [{ type: "open", question: "Q", extra: "<b>kept" }],
      appearance: { submitButtonText: "<b>Send", placeholder: "<i>type" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "<b>Name</b>", description: "<b>internal note" });
    expect(created.body.questions[0].extra).toBe("<b>kept");
    expect(created.body.appearance).toEqual({ submitButtonText: "<b>Send", placeholder: "<i>type" });
  });

  test("a PATCH is sanitised like a create", async () => {
    const created = await h.survey({ name: "Patch", questions: [{ type: "open", question: "Q" }] });
    const patched = await h.api("PATCH", `${base()}${created.body.id}/`, {
      questions: [{ id: created.body.questions[0].id, type: "open", question: "<p>Why?" }],
      translations: { fr: { name: "<em>Pourquoi", thankYouMessageHeader: "Merci" } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.questions[0].question).toBe("<p>Why?</p>");
    expect(patched.body.translations).toEqual({
      fr: { name: "<em>Pourquoi</em>", thankYouMessageHeader: "Merci" },
    });
  });
});
