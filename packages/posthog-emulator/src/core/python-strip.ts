// Python's str.strip(), which DRF and PostHog use to trim text. Its whitespace is not JavaScript's: Python also
// strips U+001C-U+001F (the information separators) and U+0085 (next line), and does not strip U+FEFF (the byte
// order mark, which String.prototype.trim removes). The set is CPython's Py_UNICODE_ISSPACE: the characters of
// bidirectional type WS, B or S, or of category Zs. U+200B and U+180E are not among them.
// The provider has its own copy (src/provider-kit/normal-form.ts): the emulator imports nothing from it, by design.

/** Every character Python's str.isspace() accepts, as regular-expression class contents. */
export const PYTHON_WHITESPACE =
  "\\t\\n\\v\\f\\r\\u001c-\\u001f \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";

const EDGES = new RegExp(`^[${PYTHON_WHITESPACE}]+|[${PYTHON_WHITESPACE}]+$`, "g");

/** `text.strip()` as Python computes it. */
export function pythonStrip(text: string): string {
  return text.replace(EDGES, "");
}
