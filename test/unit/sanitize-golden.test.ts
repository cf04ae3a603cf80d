// The emulator's sanitiser against nh3 0.3.7 itself: every line of the golden file is one test case.
// Each line holds an input, nh3.is_html(input), nh3_clean_with_allow_list(input) and what PostHog stores.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { isHtml, sanitizeHtml, sanitizeText } from "@pulumi-posthog/posthog-html";

const GoldenLine = z.object({ in: z.string(), is_html: z.boolean(), clean: z.string(), stored: z.string() });

const lines = readFileSync(join(__dirname, "..", "emulator", "fixtures", "nh3-golden.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line !== "")
  .map((line, index) => ({ line: index + 1, ...GoldenLine.parse(JSON.parse(line)) }));

test("the golden file holds all 227 recorded inputs", () => {
  expect(lines).toHaveLength(227);
});

test.each(lines)("golden line $line: $in", (golden) => {
  expect(isHtml(golden.in)).toBe(golden.is_html);
  expect(sanitizeHtml(golden.in)).toBe(golden.clean);
  expect(sanitizeText(golden.in)).toBe(golden.stored);
});
