import { whereToSet } from "../config";

/** The configured host, normalised: origin plus an optional path prefix without trailing slash. */
export interface BaseUrl {
  origin: string;
  prefix: string;
}

export function parseBaseUrl(host: string): BaseUrl {
  const trimmed = host.trim();
  if (!/^https?:\/\//i.test(trimmed)) {
    throw new Error(
      `The PostHog host must be an http(s) URL such as https://us.posthog.com, got "${trimmed}": set ${whereToSet("host")}.`,
    );
  }
  const url = new URL(trimmed);
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, "") };
}

/**
 * Where a `next` link may be fetched. Same origin: as given. Any other origin (a proxy that
 * builds links from an internal Host header): only its query is kept, re-based onto our own
 * path, so the key is never sent to a host the user did not configure.
 */
export function rebaseNextLink(base: BaseUrl, next: string, currentPath: string): string {
  const url = new URL(next, base.origin);
  if (url.origin === base.origin) return url.href;
  return `${base.origin}${base.prefix}${currentPath.split("?")[0]}${url.search}`;
}

/** Absolute URL for an API path ("/api/...") or a same-origin absolute URL; refuses other origins. */
export function absoluteUrl(base: BaseUrl, pathOrUrl: string): URL {
  if (pathOrUrl.startsWith("/")) return new URL(`${base.origin}${base.prefix}${pathOrUrl}`);
  const url = new URL(pathOrUrl);
  if (url.origin !== base.origin) {
    throw new Error(
      `refusing to send the PostHog API key to ${url.origin}: only ${base.origin} is configured`,
    );
  }
  return url;
}

/** Encode one path segment (ids), keeping PostHog's `@current` readable. */
export function seg(value: string | number): string {
  return encodeURIComponent(String(value)).replace(/%40/g, "@");
}
