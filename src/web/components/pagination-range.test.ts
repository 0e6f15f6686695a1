import { describe, expect, it } from 'vitest';
import { paginationRange } from './pagination-range';

describe('paginationRange', () => {
  it('is empty when there are no pages', () => {
    expect(paginationRange(1, 0)).toEqual([]);
  });

  it('shows every page when there are few', () => {
    expect(paginationRange(1, 1)).toEqual([1]);
    expect(paginationRange(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows the first, the last and the neighbours of the current page with gaps', () => {
    expect(paginationRange(6, 12)).toEqual([1, 'gap-start', 5, 6, 7, 'gap-end', 12]);
  });

  it('puts a single gap after the start and before the end', () => {
    expect(paginationRange(1, 10)).toEqual([1, 2, 'gap-end', 10]);
    expect(paginationRange(10, 10)).toEqual([1, 'gap-start', 9, 10]);
  });

  it('shows a lone missing page instead of a gap', () => {
    expect(paginationRange(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap-end', 10]);
    expect(paginationRange(7, 10)).toEqual([1, 'gap-start', 6, 7, 8, 9, 10]);
  });

  it('clamps a page outside the range', () => {
    expect(paginationRange(50, 3)).toEqual([1, 2, 3]);
    expect(paginationRange(-2, 8)).toEqual([1, 2, 'gap-end', 8]);
  });
});
