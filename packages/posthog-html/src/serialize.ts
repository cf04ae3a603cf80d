// Serialising the cleaned tree the way html5ever's HTML serializer writes it (ammonia's Document::to_string).
// html5ever: html5ever/src/serialize/mod.rs, HtmlSerializer (write_escaped, start_elem, end_elem, write_text)
import { html } from "parse5";
import type { CleanElement, CleanNode } from "./tree";

// Elements written without children or an end tag (HTML namespace only).
const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input", "keygen",
  "link", "meta", "param", "source", "track", "wbr",
]); // prettier-ignore

// Elements whose text is written unescaped (noscript too: scripting is enabled).
const RAW_TEXT_ELEMENTS: ReadonlySet<string> = new Set([
  "style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext", "noscript",
]); // prettier-ignore

const TEXT_ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "\u00a0": "&nbsp;",
  "<": "&lt;",
  ">": "&gt;",
};
const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "\u00a0": "&nbsp;",
  '"': "&quot;",
};

const escapeText = (text: string): string => text.replace(/[&\u00a0<>]/g, (c) => TEXT_ESCAPES[c]);
const escapeAttribute = (value: string): string => value.replace(/[&\u00a0"]/g, (c) => ATTRIBUTE_ESCAPES[c]);

const isHtmlElement = (element: CleanElement, names: ReadonlySet<string>): boolean =>
  element.ns === html.NS.HTML && names.has(element.name);

function startTag(element: CleanElement): string {
  const attributes = element.attrs.map(
    (a) => ` ${a.prefix ? `${a.prefix}:` : ""}${a.name}="${escapeAttribute(a.value)}"`,
  );
  return `<${element.name}${attributes.join("")}>`;
}

/** The children of `root`, serialised; iterative so that deeply nested input cannot overflow the stack. */
export function serializeChildren(root: CleanElement): string {
  type Step = { node: CleanNode; parent: CleanElement } | { close: string };
  const out: string[] = [];
  const steps: Step[] = root.children.map((node) => ({ node, parent: root })).reverse();
  for (let step = steps.pop(); step !== undefined; step = steps.pop()) {
    if ("close" in step) {
      out.push(`</${step.close}>`);
      continue;
    }
    const { node, parent } = step;
    if (node.kind === "text") {
      out.push(isHtmlElement(parent, RAW_TEXT_ELEMENTS) ? node.value : escapeText(node.value));
      continue;
    }
    out.push(startTag(node));
    if (isHtmlElement(node, VOID_ELEMENTS)) continue;
    steps.push({ close: node.name });
    for (let i = node.children.length - 1; i >= 0; i--) steps.push({ node: node.children[i], parent: node });
  }
  return out.join("");
}
