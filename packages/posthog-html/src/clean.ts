// nh3.clean under PostHog's policy: parse the text as an HTML fragment, keep what the policy allows, serialise.
// ammonia: src/lib.rs, Builder::clean, make_parser, clean_dom, clean_child, adjust_node_attributes
import { defaultTreeAdapter, html, parseFragment, type DefaultTreeAdapterMap } from "parse5";
import { namespaceFits } from "./namespaces";
import { ALLOWED_TAGS, CLEAN_CONTENT_TAGS, GENERIC_ATTRIBUTES, LINK_REL, TAG_ATTRIBUTES } from "./policy";
import { serializeChildren } from "./serialize";
import type { CleanAttribute, CleanElement } from "./tree";
import { isUrlAttribute, urlAllowed } from "./urls";

type ParsedNode = DefaultTreeAdapterMap["childNode"];
type ParsedElement = DefaultTreeAdapterMap["element"];
type ParsedAttribute = ParsedElement["attrs"][number];

// ammonia parses every input as the content of a <div>, with scripting enabled (html5ever's default).
const FRAGMENT_CONTEXT = defaultTreeAdapter.createElement("div", html.NS.HTML, []);
const BYTE_ORDER_MARK = "\ufeff";

function attributeAllowed(element: string, attribute: ParsedAttribute): boolean {
  const listed =
    GENERIC_ATTRIBUTES.has(attribute.name) || TAG_ATTRIBUTES.get(element)?.has(attribute.name) === true;
  if (!listed) return false;
  return !isUrlAttribute(element, attribute.name) || urlAllowed(attribute.value);
}

function keptElement(element: ParsedElement): CleanElement {
  const attrs: CleanAttribute[] = element.attrs
    .filter((a) => attributeAllowed(element.tagName, a))
    .map(({ prefix, name, value }) => (prefix ? { prefix, name, value } : { name, value }));
  if (element.tagName === "a") attrs.push({ name: "rel", value: LINK_REL });
  return { kind: "element", ns: element.namespaceURI, name: element.tagName, attrs, children: [] };
}

/**
 * Walks the parsed fragment depth first (iteratively, like ammonia, so deep nesting is safe). A node is
 * appended to the nearest kept ancestor: text always; comments and doctypes never; script and style never,
 * with their content; an element after an impossible namespace switch never, with its content; an allowed
 * element with its allowed attributes; any other element is replaced by its children.
 */
function cleanFragment(text: string): CleanElement {
  const root: CleanElement = { kind: "element", ns: html.NS.HTML, name: "html", attrs: [], children: [] };
  // html5ever's tokenizer discards one leading byte order mark (TokenizerOpts::discard_bom); parse5 keeps it.
  const input = text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
  const fragment = parseFragment(FRAGMENT_CONTEXT, input, { scriptingEnabled: true });
  const stack: { node: ParsedNode; parent: CleanElement }[] = [];
  const pushChildren = (nodes: ParsedNode[], parent: CleanElement): void => {
    for (let i = nodes.length - 1; i >= 0; i--) stack.push({ node: nodes[i], parent });
  };
  pushChildren(fragment.childNodes, root);
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { node, parent } = item;
    if (defaultTreeAdapter.isTextNode(node)) {
      parent.children.push({ kind: "text", value: node.value });
      continue;
    }
    if (!defaultTreeAdapter.isElementNode(node)) continue;
    const name = node.tagName;
    if (CLEAN_CONTENT_TAGS.has(name) || !namespaceFits(parent, { ns: node.namespaceURI, name })) continue;
    // A <template>'s content lives outside its children (as in html5ever's RcDom) and is never visited.
    if (ALLOWED_TAGS.has(name)) {
      const kept = keptElement(node);
      parent.children.push(kept);
      pushChildren(node.childNodes, kept);
    } else {
      pushChildren(node.childNodes, parent);
    }
  }
  return root;
}

/** nh3.clean(text) with PostHog's allow list: the sanitised HTML PostHog stores. */
export function sanitizeHtml(text: string): string {
  return serializeChildren(cleanFragment(text));
}
