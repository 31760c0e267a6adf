// The origins the shell may show in its frame (CSP frame-src): those of every tenant's frame modules,
// read at most once a minute, so a module configured in the database is framed without a restart.
import { SingleFlight } from './single-flight';

export const frameSourcesTtlMs = 60_000;

export class FrameSources {
  private origins: string[] = [];
  private loadedAt = Number.NEGATIVE_INFINITY;
  private readonly flight = new SingleFlight<string[]>();

  constructor(
    private readonly loadUrls: () => Promise<string[]>,
    private readonly now: () => number,
  ) {}

  /** The distinct origins; when the database cannot answer, the last ones known (and a retry a minute later). */
  get(): Promise<string[]> {
    if (this.now() - this.loadedAt < frameSourcesTtlMs) return Promise.resolve(this.origins);
    return this.flight
      .run('origins', async () => {
        try {
          this.origins = originsOf(await this.loadUrls());
        } finally {
          this.loadedAt = this.now();
        }
        return this.origins;
      })
      .catch(() => this.origins);
  }
}

/** URL origins as CSP sources (an origin never holds a space or a semicolon); unparsable URLs are left out. */
export function originsOf(urls: string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    if (!URL.canParse(url)) continue;
    const { origin } = new URL(url);
    if (origin !== 'null') origins.add(origin);
  }
  return [...origins].sort();
}
