/**
 * CSRF defence for state-changing requests: a browser always names the page's origin on a cross-site POST,
 * so a present Origin must be one of ours. An absent Origin is a non-browser client (curl, tests, bots),
 * which has no victim's cookies to ride on.
 */
export function isOriginAllowed(origin: string | undefined, allowedOrigins: ReadonlySet<string>): boolean {
  if (origin === undefined) return true;
  return allowedOrigins.has(normalizeOrigin(origin) ?? '');
}

/** 'https://Example.com:443' and 'https://example.com' are one origin; 'null' and garbage are none. */
export function normalizeOrigin(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
}
