// The one height rule of every grid: as tall as the rows it shows, up to maxRows, then it scrolls.

/**
 * Height of a grid that shows `rows` rows (at most `maxRows`) without a scrollbar of its own: header,
 * rows of 32 px and the horizontal scrollbar; never below RevoGrid's own minimum of 300 px, which would
 * overflow the box.
 */
export const gridHeight = (rows: number, maxRows = Infinity) => Math.max(300, 48 + 16 + Math.min(rows, maxRows) * 32);
