// ammonia's guard against namespace switches that only exist because a parent element was dropped:
// an SVG or MathML element that no longer sits where the parser could have put it is removed with its content.
// ammonia: src/lib.rs, Builder::check_expected_namespace, is_html_tag, is_svg_tag, is_mathml_tag
import { html } from "parse5";

const { NS } = html;

/** Where an element sits, or would be appended: its namespace and local name. */
export interface ElementName {
  readonly ns: string;
  readonly name: string;
}

// Element names of SVG 2 (svgwg.org/svg2-draft/eltindex.html), in the parser's case.
const SVG_TAGS: ReadonlySet<string> = new Set([
  "a", "animate", "animateMotion", "animateTransform", "circle", "clipPath", "defs", "desc", "discard",
  "ellipse", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix",
  "feDiffuseLighting", "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA",
  "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur", "feImage", "feMerge", "feMergeNode",
  "feMorphology", "feOffset", "fePointLight", "feSpecularLighting", "feSpotLight", "feTile",
  "feTurbulence", "filter", "foreignObject", "g", "image", "line", "linearGradient", "marker", "mask",
  "metadata", "mpath", "path", "pattern", "polygon", "polyline", "radialGradient", "rect", "script",
  "set", "stop", "style", "svg", "switch", "symbol", "text", "textPath", "title", "tspan", "use", "view",
]); // prettier-ignore

// Element names of MathML (presentation and content markup).
const MATHML_TAGS: ReadonlySet<string> = new Set([
  "abs", "and", "annotation", "annotation-xml", "apply", "approx", "arccos", "arccosh", "arccot",
  "arccoth", "arccsc", "arccsch", "arcsec", "arcsech", "arcsin", "arcsinh", "arctan", "arctanh", "arg",
  "bind", "bvar", "card", "cartesianproduct", "cbytes", "ceiling", "cerror", "ci", "cn", "codomain",
  "complexes", "compose", "condition", "conjugate", "cos", "cosh", "cot", "coth", "cs", "csc", "csch",
  "csymbol", "curl", "declare", "degree", "determinant", "diff", "divergence", "divide", "domain",
  "domainofapplication", "emptyset", "eq", "equivalent", "eulergamma", "exists", "exp", "exponentiale",
  "factorial", "factorof", "false", "floor", "fn", "forall", "gcd", "geq", "grad", "gt", "ident",
  "image", "imaginary", "imaginaryi", "implies", "in", "infinity", "int", "integers", "intersect",
  "interval", "inverse", "lambda", "laplacian", "lcm", "leq", "limit", "list", "ln", "log", "logbase",
  "lowlimit", "lt", "maction", "maligngroup", "malignmark", "math", "matrix", "matrixrow", "max",
  "mean", "median", "menclose", "merror", "mfenced", "mfrac", "mglyph", "mi", "min", "minus",
  "mlabeledtr", "mlongdiv", "mmultiscripts", "mn", "mo", "mode", "moment", "momentabout", "mover",
  "mpadded", "mphantom", "mprescripts", "mroot", "mrow", "ms", "mscarries", "mscarry", "msgroup",
  "msline", "mspace", "msqrt", "msrow", "mstack", "mstyle", "msub", "msubsup", "msup", "mtable", "mtd",
  "mtext", "mtr", "munder", "munderover", "naturalnumbers", "neq", "none", "not", "notanumber", "notin",
  "notprsubset", "notsubset", "or", "otherwise", "outerproduct", "partialdiff", "pi", "piece",
  "piecewise", "plus", "power", "primes", "product", "prsubset", "quotient", "rationals", "real",
  "reals", "reln", "rem", "root", "scalarproduct", "sdev", "sec", "sech", "selector", "semantics",
  "sep", "set", "setdiff", "share", "sin", "sinh", "span", "subset", "sum", "tan", "tanh", "tendsto",
  "times", "transpose", "true", "union", "uplimit", "variance", "vector", "vectorproduct", "xor",
]); // prettier-ignore

// Names shared with SVG or MathML that are still ordinary HTML elements.
const SHARED_HTML_TAGS: ReadonlySet<string> = new Set(["title", "style", "font", "a", "script", "span"]);

const isHtmlTag = (name: string): boolean =>
  (!SVG_TAGS.has(name) && !MATHML_TAGS.has(name)) || SHARED_HTML_TAGS.has(name);

// MathML text integration points (html.spec.whatwg.org/#mathml).
const MATHML_TEXT_INTEGRATION = new Set(["mi", "mo", "mn", "ms", "mtext", "annotation-xml"]);

/** May `child` be appended to `parent` without a namespace switch the parser could not have made? */
export function namespaceFits(parent: ElementName, child: ElementName): boolean {
  const fitsInHtml = child.ns !== NS.HTML || isHtmlTag(child.name);
  if (parent.ns === NS.HTML && child.ns === NS.SVG) return child.name === "svg";
  if (parent.ns === NS.HTML && child.ns === NS.MATHML) return child.name === "math";
  if (parent.ns === NS.MATHML && child.ns !== NS.MATHML) {
    return MATHML_TEXT_INTEGRATION.has(parent.name) && fitsInHtml;
  }
  if (parent.ns === NS.SVG && child.ns !== NS.SVG) return parent.name === "foreignObject" && fitsInHtml;
  if (child.ns === NS.SVG) return SVG_TAGS.has(child.name);
  if (child.ns === NS.MATHML) return MATHML_TAGS.has(child.name);
  if (child.ns === NS.HTML) return isHtmlTag(child.name);
  return parent.ns === child.ns;
}
