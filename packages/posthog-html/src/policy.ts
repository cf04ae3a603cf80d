// The cleaning policy PostHog hands to nh3 (ammonia) for survey texts.
// PostHog: products/surveys/backend/api/survey.py, nh3_clean_with_allow_list

/** Elements kept (with their allowed attributes); any other element is dropped and its content kept. */
export const ALLOWED_TAGS: ReadonlySet<string> = new Set([
  "a", "abbr", "acronym", "area", "article", "aside", "b", "bdi", "bdo", "blockquote", "br",
  "caption", "center", "cite", "code", "col", "colgroup", "data", "dd", "del", "details", "dfn",
  "div", "dl", "dt", "em", "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6",
  "header", "hgroup", "hr", "i", "img", "ins", "kbd", "li", "map", "mark", "nav", "ol", "p", "pre",
  "q", "rp", "rt", "rtc", "ruby", "s", "samp", "small", "span", "strike", "strong", "sub", "summary",
  "sup", "table", "tbody", "td", "th", "thead", "time", "tr", "tt", "u", "ul", "var", "wbr",
]); // prettier-ignore

/** Attributes allowed on every kept element (nh3's `"*"` key). */
export const GENERIC_ATTRIBUTES: ReadonlySet<string> = new Set(["style", "lang", "title", "width", "height"]);

const cellAttributes = [
  "abbr", "align", "axis", "bgcolor", "char", "charoff", "colspan", "headers", "height", "nowrap",
  "rowspan", "scope", "valign", "width",
]; // prettier-ignore
const sectionAttributes = ["align", "char", "charoff", "valign"];
const columnAttributes = ["align", "char", "charoff", "span"];

/** Attributes allowed per element, on top of the generic ones. */
export const TAG_ATTRIBUTES: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries({
    a: ["href", "hreflang", "target"],
    bdo: ["dir"],
    blockquote: ["cite"],
    col: columnAttributes,
    colgroup: columnAttributes,
    del: ["cite", "datetime"],
    hr: ["align", "size", "width"],
    img: ["align", "alt", "height", "src", "width"],
    ins: ["cite", "datetime"],
    ol: ["start", "type"],
    q: ["cite"],
    table: ["align", "bgcolor", "border", "cellpadding", "cellspacing", "frame", "rules", "summary", "width"],
    tbody: sectionAttributes,
    td: cellAttributes,
    tfoot: sectionAttributes,
    th: cellAttributes,
    thead: sectionAttributes,
    tr: ["align", "bgcolor", "char", "charoff", "valign"],
  }).map(([tag, names]) => [tag, new Set(names)]),
);

/** Value of the `rel` attribute appended to every kept `<a>` (PostHog passes link_rel="noopener"). */
export const LINK_REL = "noopener";

// PostHog leaves the remaining options at ammonia's defaults.
// ammonia: src/lib.rs, `impl Default for Builder` (clean_content_tags, url_schemes, url_relative, strip_comments)

/** Elements removed together with everything inside them. */
export const CLEAN_CONTENT_TAGS: ReadonlySet<string> = new Set(["script", "style"]);

/** Schemes an absolute URL in a URL attribute may use; relative URLs pass through unchanged. */
export const URL_SCHEMES: ReadonlySet<string> = new Set([
  "bitcoin", "ftp", "ftps", "geo", "http", "https", "im", "irc", "ircs", "magnet", "mailto", "mms",
  "mx", "news", "nntp", "openpgp4fpr", "sip", "sms", "smsto", "ssh", "tel", "url", "webcal", "wtai",
  "xmpp",
]); // prettier-ignore
