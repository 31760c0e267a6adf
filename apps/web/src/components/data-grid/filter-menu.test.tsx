// @vitest-environment jsdom
// The column menu of a column the server can neither sort nor filter by offers only pinning; by default
// it offers sorting both ways and the filters too; a column sorted one way only offers that way.
import { App } from 'antd';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FilterMenu } from './filter-menu';
import { type GridColumn, emptyFilter } from './types';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(() => {
  // antd asks for these; jsdom has neither.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

function open(column: GridColumn): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  const none = () => undefined;
  act(() =>
    root!.render(
      <App>
        <FilterMenu
          column={column}
          anchor={{ left: 0, top: 0 }}
          filter={emptyFilter()}
          values={['a', 'b']}
          onSort={none}
          onPin={none}
          onApply={none}
          onClose={none}
        />
      </App>,
    ),
  );
  return host;
}

const buttons = (host: HTMLElement) => [...host.querySelectorAll('button')].map((b) => b.textContent?.replace(/\s/g, ''));

describe('column menu', () => {
  it('offers sort, pin and filters by default', () => {
    const host = open({ field: 'name', title: '名称' });
    expect(buttons(host)).toEqual(expect.arrayContaining(['升序', '降序', '左固定', '清除筛选']));
    expect(host.querySelector('[aria-label="值列表"]')).not.toBeNull();
  });

  it('offers only the direction a column sorts in', () => {
    const host = open({ field: 'billNumber', title: '单据号', sortOrders: ['desc'] });
    expect(buttons(host)).toContain('降序');
    expect(buttons(host)).not.toContain('升序');
  });

  it('offers only pinning where the server can neither sort nor filter', () => {
    const host = open({ field: 'name', title: '名称', sortable: false, filterable: false });
    expect(buttons(host)).toEqual(['左固定', '右固定', '取消固定']);
    expect(host.querySelector('[aria-label="值列表"]')).toBeNull();
    expect(host.querySelector('[aria-label="筛选值"]')).toBeNull();
  });
});
