// Apart from redis.ts so that what shows a --redis URL (every command line's echo of itself) does
// not load BullMQ and ioredis, which only a run that reaches a server needs.

/** The URL as given, its password (if any) replaced by stars. */
export function maskPassword(url: string): string {
  // Up to the last @: an unencoded @ or / in a password (base64 ones have slashes) does not show its
  // end, and a host, port or database number never holds an @.
  return url.replace(/^([a-z]+:\/\/[^:@/]*:).*@/is, '$1***@');
}
