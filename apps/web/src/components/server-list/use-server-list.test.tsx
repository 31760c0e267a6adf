// @vitest-environment jsdom
// The server list asks the server on every 查询: an unchanged search and a search seen a moment before are fetched
// again (the query cache would answer both from memory), while re-renders and a fetch on its way are not repeated.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { type ListBody, useServerList } from './use-server-list';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Search {
  name: string;
}
type Body = ListBody & { name: string };

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

function mount(staleTime: number, pageSearch = false) {
  const calls: Body[] = [];
  const handle: { search?(next: Search): void; rerender?(): void; total?: number | undefined } = {};
  const pageQuery = (body: Body) => ({
    queryKey: ['list', body] as const,
    queryFn: async () => {
      calls.push(body);
      return { total: calls.length, list: [] };
    },
    staleTime,
  });
  function Page() {
    const [owned, setOwned] = useState<Search>({ name: '' });
    const [, setTick] = useState(0);
    const list = useServerList({
      initialSearch: { name: '' },
      ...(pageSearch ? { search: owned } : {}),
      bodyOf: (s: Search) => ({ name: s.name }),
      pageQuery,
      row: () => ({}),
      pageSizes: [20],
    });
    handle.search = pageSearch ? (next) => setOwned({ ...next }) : (next) => list.form.onFinish(next);
    handle.rerender = () => setTick((n) => n + 1);
    handle.total = list.total;
    return null;
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  root = createRoot(document.createElement('div'));
  act(() =>
    root!.render(
      <QueryClientProvider client={client}>
        <Page />
      </QueryClientProvider>,
    ),
  );
  return { calls, handle };
}

describe('useServerList', () => {
  it.each([
    ['the form', false],
    ['a search owned by the page', true],
  ])('fetches again on 查询 with unchanged values (%s)', async (_, pageSearch) => {
    const { calls, handle } = mount(0, pageSearch);
    await settle();
    expect(calls).toHaveLength(1);
    act(() => handle.search!({ name: '' }));
    await settle();
    expect(calls).toHaveLength(2);
    expect(handle.total).toBe(2);
  });

  it('fetches a search seen shortly before again, once, even while it is fresh in the cache', async () => {
    const { calls, handle } = mount(60_000);
    await settle();
    act(() => handle.search!({ name: 'a' }));
    await settle();
    act(() => handle.search!({ name: '' }));
    await settle();
    expect(calls.map((b) => b.name)).toEqual(['', 'a', '']);
    act(() => handle.search!({ name: 'b' }));
    await settle();
    expect(calls.map((b) => b.name)).toEqual(['', 'a', '', 'b']);
  });

  it('does not fetch again on a re-render', async () => {
    const { calls, handle } = mount(0);
    await settle();
    act(() => handle.rerender!());
    await settle();
    expect(calls).toHaveLength(1);
  });
});
