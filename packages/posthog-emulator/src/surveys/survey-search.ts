// `?search=` on the survey list: literal (case-insensitive substring) matches are "exact", trigram
// look-alikes are "similar" and only shown when nothing matches exactly; best matches first.
// PostHog: products/surveys/backend/api/survey.py, SurveyViewSet (safely_get_queryset, _apply_search,
// filter_queryset); posthog/helpers/trigram_search.py (thresholds, MAX_SEARCH_LENGTH, normalize_search_term).
import { validationError } from "../core/errors";
import { pythonStrip } from "../core/python-strip";

export const MAX_SEARCH_LENGTH = 200;
const MIN_NAME_SIMILARITY = 0.3;
const MIN_DESCRIPTION_SIMILARITY = 0.4;
/** a match on the description ranks below one on the name */
const DESCRIPTION_WEIGHT = 0.5;

export type MatchType = "exact" | "similar";

export interface Searchable {
  name: string;
  description: string;
}

/** pg_trgm's trigrams: lowercased alphanumeric words, each padded with two spaces before and one after. */
function wordTrigrams(word: string): string[] {
  const padded = `  ${word} `;
  const out: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  return out;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

function trigramSet(ws: string[]): Set<string> {
  return new Set(ws.flatMap(wordTrigrams));
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let common = 0;
  for (const t of a) if (b.has(t)) common++;
  return common / (a.size + b.size - common);
}

/** similarity(): the whole strings' trigram sets. */
function similarity(query: string, text: string): number {
  return jaccard(trigramSet(words(query)), trigramSet(words(text)));
}

/** word_similarity(): the best run of consecutive words in `text` against the whole query. */
function wordSimilarity(query: string, text: string): number {
  const q = trigramSet(words(query));
  const ws = words(text);
  let best = 0;
  for (let i = 0; i < ws.length; i++) {
    for (let j = i + 1; j <= ws.length; j++) best = Math.max(best, jaccard(q, trigramSet(ws.slice(i, j))));
  }
  return best;
}

/** The raw parameter's length is checked before anything is stripped. */
export function checkSearchLength(raw: string): void {
  if (raw.length > MAX_SEARCH_LENGTH) {
    throw validationError(
      "invalid",
      `Search query must be ${MAX_SEARCH_LENGTH} characters or fewer.`,
      "search",
    );
  }
}

/**
 * normalize_search_term (posthog/helpers/trigram_search.py): NUL bytes dropped, whitespace stripped with Python's
 * str.strip() (python-strip.ts); "" means no search at all. Shared by the survey and member lists.
 */
export function normalizeSearch(raw: string): string {
  return pythonStrip(raw.replace(/\0/g, ""));
}

/** Matches with their type, best first (score, then name); similar ones only when no exact match exists. */
export function searchItems<T extends Searchable>(items: T[], search: string): Array<[T, MatchType]> {
  const needle = search.toLowerCase();
  const scored: Array<{ item: T; type: MatchType; score: number }> = [];
  for (const item of items) {
    const exact = item.name.toLowerCase().includes(needle) || item.description.toLowerCase().includes(needle);
    const nameSim = wordSimilarity(search, item.name);
    const descSim = wordSimilarity(search, item.description);
    const similar = nameSim >= MIN_NAME_SIMILARITY || descSim >= MIN_DESCRIPTION_SIMILARITY;
    if (!exact && !similar) continue;
    const score = Math.max(
      similarity(search, item.name),
      DESCRIPTION_WEIGHT * similarity(search, item.description),
    );
    scored.push({ item, type: exact ? "exact" : "similar", score });
  }
  const anyExact = scored.some((s) => s.type === "exact");
  return scored
    .filter((s) => !anyExact || s.type === "exact")
    .sort((a, b) => b.score - a.score || (a.item.name < b.item.name ? -1 : a.item.name > b.item.name ? 1 : 0))
    .map((s) => [s.item, s.type]);
}
