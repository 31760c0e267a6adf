// Reading what a DataGrid shows: the rows RevoGrid has on screen, in their order, typed by the contract row.
import type { Locator } from 'playwright-core';

/** The part of RevoGrid's element the tests call. */
type GridElement = Element & { getVisibleSource(): Promise<unknown[]> };

/**
 * The rows a grid shows (after its sort and filters), as the page holds them. `within` is the grid's
 * region or any element around exactly one grid.
 */
export async function gridRows<Row extends object = Record<string, unknown>>(within: Locator): Promise<Row[]> {
  const grid = within.locator('revo-grid');
  return (await grid.evaluate(async (g) => (g as unknown as GridElement).getVisibleSource())) as Row[];
}

/** One field of every row a grid shows, in order, as text. */
export async function gridColumn<Row extends object>(within: Locator, field: keyof Row & string): Promise<string[]> {
  return (await gridRows<Row>(within)).map((row) => String((row as Record<string, unknown>)[field]));
}
