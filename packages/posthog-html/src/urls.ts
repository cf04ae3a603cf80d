// Which attributes carry URLs, and which URLs ammonia keeps.
// ammonia: src/lib.rs, is_url_attr and the URL branch of Builder::clean_child (Url::parse from the `url` crate)
import { URL_SCHEMES } from "./policy";

/** Attributes ammonia treats as URLs. */
export function isUrlAttribute(element: string, attribute: string): boolean {
  switch (attribute) {
    case "href":
    case "src":
      return true;
    case "action":
      return element === "form";
    case "data":
      return element === "object";
    case "formaction":
      return element === "button" || element === "input";
    case "ping":
      return element === "a";
    case "poster":
      return element === "video";
    default:
      return false;
  }
}

const isAsciiAlpha = (c: string): boolean => (c >= "a" && c <= "z") || (c >= "A" && c <= "Z");
const isSchemeChar = (c: string): boolean =>
  isAsciiAlpha(c) || (c >= "0" && c <= "9") || c === "+" || c === "-" || c === ".";
const isC0OrSpace = (c: string): boolean => c <= " ";

/**
 * The URL's scheme (lower case) as the WHATWG URL parser reads it, or undefined when the URL has none
 * and so is relative: surrounding C0 controls and spaces are ignored, tabs and newlines anywhere.
 */
export function urlScheme(url: string): string | undefined {
  let start = 0;
  let end = url.length;
  while (start < end && isC0OrSpace(url[start])) start++;
  while (end > start && isC0OrSpace(url[end - 1])) end--;
  let scheme = "";
  for (let i = start; i < end; i++) {
    const c = url[i];
    if (c === "\t" || c === "\n" || c === "\r") continue;
    if (c === ":") return scheme === "" ? undefined : scheme.toLowerCase();
    if (scheme === "" ? !isAsciiAlpha(c) : !isSchemeChar(c)) return undefined;
    scheme += c;
  }
  return undefined;
}

/**
 * ammonia keeps a relative URL as it is (UrlRelative::PassThrough), an absolute URL only when it parses
 * and its scheme is allowed, and drops the attribute otherwise (for example `javascript:` or a bad host).
 */
export function urlAllowed(url: string): boolean {
  const scheme = urlScheme(url);
  if (scheme === undefined) return true;
  return URL_SCHEMES.has(scheme) && URL.canParse(url);
}
