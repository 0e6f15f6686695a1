/** One slot of the pager: a page number, or a gap before or after the current page's neighbours. */
export type PageSlot = number | 'gap-start' | 'gap-end';

/**
 * The pages a pager shows (SPEC §9): the first, the last, the current one and its neighbours, with a
 * gap where pages are left out. A gap of a single page shows that page instead, since a "…" standing
 * for one number saves no room and hides where it leads.
 */
export function paginationRange(current: number, total: number, neighbours = 1): PageSlot[] {
  if (!Number.isFinite(total) || total < 1) return [];
  const last = Math.floor(total);
  const page = Math.min(Math.max(Math.floor(current) || 1, 1), last);

  const shown = new Set<number>([1, last]);
  for (let n = page - neighbours; n <= page + neighbours; n += 1) {
    if (n >= 1 && n <= last) shown.add(n);
  }
  const pages = [...shown].sort((a, b) => a - b);

  const slots: PageSlot[] = [];
  let previous = 0;
  for (const n of pages) {
    const missing = n - previous - 1;
    if (missing === 1) slots.push(previous + 1);
    else if (missing > 1) slots.push(n < page ? 'gap-start' : 'gap-end');
    slots.push(n);
    previous = n;
  }
  return slots;
}
