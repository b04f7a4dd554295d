/**
 * What in a server log looks like a secret: a run of 32 or more URL-safe characters that is not a
 * UUID (request ids, payment ids) — session ids, remember-me and link tokens (43 characters),
 * checkout tokens (32), signed cookies are all such runs — and any of the `known` strings
 * (the passwords the tests type).
 */
export function secretsInLog(lines: string[], known: string[]): string[] {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const found = new Set<string>();
  for (const line of lines) {
    for (const [run] of line.matchAll(/[A-Za-z0-9_-]{32,}/g)) if (!uuid.test(run)) found.add(run);
    for (const secret of known) if (line.includes(secret)) found.add(secret);
  }
  return [...found];
}
