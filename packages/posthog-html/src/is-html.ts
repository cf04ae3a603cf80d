// nh3.is_html: does the text contain any markup at all?
// ammonia: src/lib.rs, is_html (a tokenizer sink that notes every token other than characters and end-of-file)
import { Tokenizer, type TokenHandler } from "parse5";

/**
 * True when the HTML tokenizer emits a tag, comment, doctype or NUL character for `text`.
 * A lone `<` (as in `x<y` or `<>`) is not markup: the tokenizer turns it into text or drops it.
 */
export function isHtml(text: string): boolean {
  let markup = false;
  const found = (): void => {
    markup = true;
  };
  const ignore = (): void => {};
  const handler: TokenHandler = {
    onStartTag: found,
    onEndTag: found,
    onComment: found,
    onDoctype: found,
    // html5ever reports a NUL in text as its own token kind, which ammonia counts as markup.
    onNullCharacter: found,
    onCharacter: ignore,
    onWhitespaceCharacter: ignore,
    onEof: ignore,
  };
  new Tokenizer({}, handler).write(text, true);
  return markup;
}
