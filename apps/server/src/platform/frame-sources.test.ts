// Frame sources: the distinct origins of the frame modules' URLs, read at most once a minute, the last
// ones kept when the database cannot answer.
import { describe, expect, it } from 'vitest';
import { FrameSources, frameSourcesTtlMs, originsOf } from './frame-sources';

describe('originsOf', () => {
  it('keeps the distinct origins and leaves out what is not a URL', () => {
    expect(originsOf(['https://a.example.com/x?y=1', 'https://a.example.com:443/z', 'http://b.example.com:8080/', 'not a url'])).toEqual([
      'http://b.example.com:8080',
      'https://a.example.com',
    ]);
  });
});

describe('FrameSources', () => {
  it('reads again only after a minute, and keeps the last origins when the read fails', async () => {
    let now = 0;
    const answers: (() => string[])[] = [
      () => ['https://a.example.com/'],
      () => {
        throw new Error('database down');
      },
      () => ['https://b.example.com/'],
    ];
    let reads = 0;
    const sources = new FrameSources(
      async () => answers[reads++]!(),
      () => now,
    );
    expect(await sources.get()).toEqual(['https://a.example.com']);
    now += frameSourcesTtlMs - 1;
    expect(await sources.get()).toEqual(['https://a.example.com']);
    expect(reads).toBe(1);
    now += 1;
    expect(await sources.get()).toEqual(['https://a.example.com']);
    expect(reads).toBe(2);
    now += frameSourcesTtlMs;
    expect(await sources.get()).toEqual(['https://b.example.com']);
  });
});
