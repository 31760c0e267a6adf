// A list call's body without its paging and sort: the search that a column's checklist and an export send.

export function searchOf<Body extends { page?: unknown; limit?: unknown; sort?: unknown }>(
  body: Body,
): Omit<Body, 'page' | 'limit' | 'sort'> {
  const { page: _page, limit: _limit, sort: _sort, ...search } = body;
  return search;
}
