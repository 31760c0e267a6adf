// An internal example of the DataGrid on generated rows (?rows=1000&cols=20), for trying it out, for its
// browser tests and for bench/grid, which drives it through window.__gridBench.
import { Card, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataGrid, type DataGridHandle, type FindOptions, type GridColumn, type GridRow } from '../../components/data-grid';

const names = [
  '禾丰原味苏打饼干',
  '脆香坊番茄味薯片',
  '绿源纯牛奶',
  '清泉天然饮用水',
  '金穗东北大米',
  '洁雅去屑洗发水',
  'apple pie',
  'Apple juice',
];
const stores = ['上海虹口店', '杭州西湖店', '南京新街口店', '苏州园区店'];
const extraTypes = ['text', 'number', 'money', 'date'] as const;

export function exampleColumns(count: number): GridColumn[] {
  const columns: GridColumn[] = [
    { field: 'code', title: '商品编码', type: 'text', width: 110, fixed: 'left', readonly: true },
    { field: 'name', title: '商品名称', type: 'text', width: 160 },
    { field: 'store', title: '门店', type: 'text', width: 120 },
    { field: 'qty', title: '数量', type: 'number', width: 90 },
    { field: 'amount', title: '金额', type: 'money', width: 110 },
    { field: 'date', title: '日期', type: 'date', width: 110 },
  ];
  for (let i = columns.length; i < count; i++) {
    columns.push({ field: `c${i}`, title: `列${i + 1}`, type: extraTypes[i % extraTypes.length], width: i % 4 === 3 ? 110 : 90 });
  }
  return columns.slice(0, Math.max(count, 1));
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function cellFor(column: GridColumn, r: number, c: number): string {
  switch (column.type) {
    case 'number':
      return String((r * c) % 1000);
    case 'money':
      return `${(r * c * 7) % 10000}.${pad((r + c) % 100)}`;
    case 'date':
      return `2025-${pad(((r + c) % 12) + 1)}-${pad(((r * c) % 28) + 1)}`;
    default:
      return `值${(r + c) % 97}`;
  }
}

export function exampleRows(count: number, columns: GridColumn[]): GridRow[] {
  const rows: GridRow[] = new Array(count);
  for (let r = 0; r < count; r++) {
    const row: GridRow = {
      code: `G${pad(r + 1, 6)}`,
      name: names[r % names.length],
      store: stores[r % stores.length],
      qty: String((r * 7) % 120),
      amount: `${(r * 37) % 5000}.${pad((r * 13) % 100)}`,
      date: `2026-${pad((r % 12) + 1)}-${pad((r % 28) + 1)}`,
    };
    for (let c = 6; c < columns.length; c++) row[columns[c]!.field] = cellFor(columns[c]!, r, c);
    rows[r] = row;
  }
  return rows;
}

/** The rows and when they were ready (for bench/grid: the grid's own first render starts there). */
function timedRows(count: number, columns: GridColumn[]): { rows: GridRow[]; rowsReady: number } {
  const rows = exampleRows(count, columns);
  return { rows, rowsReady: performance.now() };
}

export interface BenchRun {
  ms: number;
  syncMs: number;
  count: number;
}

/** What bench/grid calls in the page: find-all and replace-all timed until the grid has drawn the result. */
export interface GridBench {
  rows: number;
  cols: number;
  /** performance.now() when the page first rendered, before the rows were generated. */
  pageStart: number;
  /** performance.now() when the generated rows were ready, before the grid was drawn. */
  rowsReady: number;
  /** ms: until the next frames are drawn; syncMs: the search itself. */
  findAll(text: string, options?: Partial<FindOptions>): Promise<BenchRun>;
  replaceAll(text: string, replacement: string, options?: Partial<FindOptions>): Promise<BenchRun>;
}

declare global {
  interface Window {
    __gridBench?: GridBench;
  }
}

const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const optionsOf = (text: string, extra: Partial<FindOptions> = {}): FindOptions => ({
  text,
  regex: false,
  wholeWord: false,
  caseSensitive: false,
  ...extra,
});

export default function GridExamplePage() {
  const [pageStart] = useState(() => performance.now());
  const [params] = useSearchParams();
  const rowCount = Math.min(Math.max(Number(params.get('rows') ?? 1000) || 0, 0), 500_000);
  const colCount = Math.min(Math.max(Number(params.get('cols') ?? 20) || 20, 6), 60);
  const columns = useMemo(() => exampleColumns(colCount), [colCount]);
  const { rows, rowsReady } = useMemo(() => timedRows(rowCount, columns), [rowCount, columns]);
  const [edits, setEdits] = useState(0);
  const grid = useRef<DataGridHandle>(null);

  useEffect(() => {
    const timed = async <T,>(run: () => T) => {
      const start = performance.now();
      const result = run();
      const syncMs = Math.round(performance.now() - start);
      // React commits, then RevoGrid draws in a frame of its own.
      await nextPaint();
      await nextPaint();
      return { result, syncMs, ms: Math.round(performance.now() - start) };
    };
    window.__gridBench = {
      rows: rowCount,
      cols: colCount,
      pageStart,
      rowsReady,
      async findAll(text, options) {
        const { result, ms, syncMs } = await timed(() => grid.current!.findAll(optionsOf(text, options)));
        return { ms, syncMs, count: result.length };
      },
      async replaceAll(text, replacement, options) {
        const { result, ms, syncMs } = await timed(() => grid.current!.replaceAll(optionsOf(text, options), replacement));
        return { ms, syncMs, count: result };
      },
    };
    return () => {
      delete window.__gridBench;
    };
  }, [rowCount, colCount, pageStart, rowsReady]);

  return (
    <Card
      title="表格示例"
      extra={
        <Typography.Text type="secondary" data-testid="edit-count">
          已编辑 {edits} 个单元格
        </Typography.Text>
      }
    >
      <DataGrid
        ref={grid}
        columns={columns}
        rows={rows}
        editable
        height="calc(100vh - 230px)"
        aria-label="示例表格"
        onEdit={(list) => setEdits((n) => n + list.length)}
      />
    </Card>
  );
}
