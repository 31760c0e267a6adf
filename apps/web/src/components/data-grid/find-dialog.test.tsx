// @vitest-environment jsdom
// The find dialog in a DOM: find all lists the matches, a row jumps to its cell, an invalid pattern blocks,
// replace all reports its count, and closing clears the list; a regex is checked as typed; a read-only grid
// offers no replacing.
import { App } from 'antd';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CellGrid, type FindOptions, buildMatcher, findAll, findNext } from './find';
import { FindDialog, type FindActions, type FindTab } from './find-dialog';

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
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (elt: Element) => computed(elt);
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const grid: CellGrid = { rows: Array.from({ length: 30 }, (_, i) => ({ name: i % 3 ? `pear ${i}` : `apple ${i}` })), fields: ['name'] };

function actions(readOnly = false): FindActions & { jumped: unknown[] } {
  const jumped: unknown[] = [];
  const matcher = (o: FindOptions) => {
    const m = buildMatcher(o);
    if (!m.ok) throw new Error(m.error);
    return m;
  };
  return {
    readOnly,
    jumped,
    columnTitle: () => '名称',
    findAll: (o) => findAll(grid, matcher(o)),
    findNext: (o) => findNext(grid, matcher(o), null),
    jump: (m) => void jumped.push(m),
    replaceOne: () => true,
    replaceAll: (o) => findAll(grid, matcher(o)).length,
  };
}

let root: Root | undefined;
let host: HTMLDivElement;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

function render(open: boolean, tab: FindTab, a: FindActions, onClose = () => {}) {
  if (!root) {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  }
  act(() =>
    root!.render(
      <App>
        <FindDialog open={open} tab={tab} onTab={() => {}} onClose={onClose} actions={a} />
      </App>,
    ),
  );
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')!;
const button = (name: RegExp) => [...dialog().querySelectorAll('button')].find((b) => name.test(b.textContent ?? ''))!;
const type = (label: string, value: string) => {
  const input = dialog().querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
};
const click = (el: HTMLElement) => act(() => el.click());
const rows = () => dialog().querySelectorAll('.ant-table-row').length;

describe('find dialog', () => {
  it('lists every match with its position and value, and a row jumps to the cell', () => {
    const a = actions();
    render(true, 'find', a);
    type('查找内容', 'apple');
    click(button(/查找全部/));
    expect(dialog().textContent).toContain('共找到 10 个单元格');
    expect(dialog().textContent).toContain('第 1 行 · 名称');
    expect(rows()).toBeGreaterThan(0);
    click(dialog().querySelector<HTMLElement>('.ant-table-row')!);
    expect(a.jumped).toEqual([{ row: 0, col: 0, value: 'apple 0' }]);
  });

  it('shows the regex error and does not search', () => {
    const a = actions();
    const findAllSpy = vi.spyOn(a, 'findAll');
    render(true, 'find', a);
    click(dialog().querySelector<HTMLElement>('input[type="checkbox"]')!);
    type('查找内容', '(apple');
    click(button(/查找全部/));
    expect(dialog().querySelector('[role="alert"]')?.textContent).toMatch(/^正则表达式错误：/);
    expect(findAllSpy).not.toHaveBeenCalled();
  });

  it('asks for a find or replacement text before replacing', () => {
    const a = actions();
    const replaceAll = vi.spyOn(a, 'replaceAll');
    render(true, 'replace', a);
    click(button(/全部替换/));
    expect(dialog().querySelector('[role="alert"]')?.textContent).toBe('请输入查找内容或替换内容');
    expect(replaceAll).not.toHaveBeenCalled();
  });

  it('clears the result list when closed', () => {
    const a = actions();
    const onClose = vi.fn();
    render(true, 'find', a, onClose);
    type('查找内容', 'apple');
    click(button(/查找全部/));
    expect(rows()).toBeGreaterThan(0);
    click(dialog().querySelector<HTMLElement>('.ant-modal-close')!);
    expect(onClose).toHaveBeenCalled();
    render(false, 'find', a, onClose);
    render(true, 'find', a, onClose);
    expect(rows()).toBe(0);
  });

  it('checks a regex as it is typed: the error shows at once, old results go, and regex off clears it', () => {
    const a = actions();
    const findAllSpy = vi.spyOn(a, 'findAll');
    render(true, 'find', a);
    type('查找内容', 'apple');
    click(button(/查找全部/));
    expect(rows()).toBeGreaterThan(0);
    click(dialog().querySelector<HTMLElement>('input[type="checkbox"]')!);
    type('查找内容', '(apple');
    expect(dialog().querySelector('[role="alert"]')?.textContent).toMatch(/^正则表达式错误：/);
    expect(rows()).toBe(0);
    expect(dialog().textContent).not.toContain('共找到');
    click(dialog().querySelector<HTMLElement>('input[type="checkbox"]')!);
    expect(dialog().querySelector('[role="alert"]')).toBeNull();
    click(button(/查找全部/));
    expect(findAllSpy).toHaveBeenCalledTimes(2);
  });

  it('says a read-only grid cannot be replaced in, and offers no replacing', () => {
    const a = actions(true);
    const replaceAll = vi.spyOn(a, 'replaceAll');
    const replaceOne = vi.spyOn(a, 'replaceOne');
    render(true, 'replace', a);
    expect(dialog().querySelector('[role="status"]')?.textContent).toBe('此表格为只读，不能替换');
    expect(button(/^替\s*换$/).disabled).toBe(true);
    expect(button(/全部替换/).disabled).toBe(true);
    expect(dialog().querySelector<HTMLInputElement>('input[aria-label="替换为"]')!.disabled).toBe(true);
    type('查找内容', 'apple');
    click(button(/全部替换/));
    click(button(/^替\s*换$/));
    expect(replaceAll).not.toHaveBeenCalled();
    expect(replaceOne).not.toHaveBeenCalled();
    expect(document.body.textContent).not.toContain('未找到');
    // Finding still works.
    click(button(/查找全部/));
    expect(dialog().textContent).toContain('共找到 10 个单元格');
  });

  it('offers replacing on an editable grid', () => {
    render(true, 'replace', actions());
    expect(dialog().querySelector('[role="status"]')).toBeNull();
    expect(button(/全部替换/).disabled).toBe(false);
  });
});
