import { act, renderHook } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/shared/shell-constants';
import { messages } from '@/web/i18n/messages';
import { setStoredSession } from '@/web/lib/testing';
import { addFavorite, removeFavorite, toFavoriteItem, toggleFavorite } from './favorite-toggle';
import { getFavorites, reloadFavorites, toggleFavoriteWithFeedback, useFavorites } from './favorites';

const m = messages.catalog;

const dress = {
  _id: 'p1',
  id: 'p1',
  name: 'Linen Dress',
  price: 1200,
  finalPrice: 960,
  description: 'Light linen.',
  defaultImage: { url: '/uploads/dress.webp' },
  images: [{ url: '/uploads/dress.webp' }, { url: '/uploads/dress-back.webp' }],
  category: { _id: 'c1', id: 'c1', name: 'Women', slug: 'women' },
};
const scarf = { _id: 'p2', name: 'Silk Scarf', finalPrice: 300, images: [{ url: '/uploads/scarf.webp' }] };

function stored(): unknown {
  return JSON.parse(window.localStorage.getItem(STORAGE_KEYS.favorites) ?? 'null');
}

describe('favourites store', () => {
  beforeEach(() => setStoredSession('visitor'));
  afterEach(() => {
    window.localStorage.clear();
    reloadFavorites();
    vi.restoreAllMocks();
  });

  it('keeps the SPEC §3 item shape', () => {
    expect(toFavoriteItem(dress)).toEqual({
      _id: 'p1',
      name: 'Linen Dress',
      price: 1200,
      finalPrice: 960,
      description: 'Light linen.',
      defaultImage: '/uploads/dress.webp',
      category: 'Women',
    });
    // price falls back to finalPrice, the image to the first image's url.
    expect(toFavoriteItem(scarf)).toMatchObject({ price: 300, defaultImage: '/uploads/scarf.webp' });
    expect(toFavoriteItem({ name: 'no id' })).toBeNull();
  });

  it('adds, saves to the favorites key on every change, and removes', () => {
    const { result } = renderHook(() => useFavorites());
    act(() => {
      addFavorite(dress);
    });
    expect(result.current.count).toBe(1);
    expect(result.current.has('p1')).toBe(true);
    expect(stored()).toEqual([expect.objectContaining({ _id: 'p1', name: 'Linen Dress' })]);

    act(() => {
      addFavorite(scarf);
    });
    expect(stored()).toHaveLength(2);

    act(() => {
      removeFavorite('p1');
    });
    expect(result.current.items.map((item) => item._id)).toEqual(['p2']);
    expect(stored()).toEqual([expect.objectContaining({ _id: 'p2' })]);
  });

  it('ignores adding a product that is already there', () => {
    const { result } = renderHook(() => useFavorites());
    let added = true;
    act(() => {
      addFavorite(dress);
      added = addFavorite({ ...dress, name: 'Renamed' });
    });
    expect(added).toBe(false);
    expect(result.current.items).toHaveLength(1);
    expect(result.current.items[0]?.name).toBe('Linen Dress');
  });

  it('toggle adds then removes', () => {
    const { result } = renderHook(() => useFavorites());
    let outcome: string | null = null;
    act(() => {
      outcome = toggleFavorite(dress);
    });
    expect(outcome).toBe('added');
    act(() => {
      outcome = toggleFavorite(dress);
    });
    expect(outcome).toBe('removed');
    expect(result.current.count).toBe(0);
  });

  it('reads what the browser stored and survives a damaged value', () => {
    window.localStorage.setItem(STORAGE_KEYS.favorites, JSON.stringify([toFavoriteItem(dress)]));
    reloadFavorites();
    expect(getFavorites()).toHaveLength(1);
    window.localStorage.setItem(STORAGE_KEYS.favorites, '{not json');
    reloadFavorites();
    expect(getFavorites()).toEqual([]);
  });

  it('the heart action toasts added and removed for shoppers', async () => {
    const success = vi.spyOn(toast, 'success');
    toggleFavoriteWithFeedback(dress);
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith(m.addedToFavorites));
    expect(getFavorites()).toHaveLength(1);
    toggleFavoriteWithFeedback(dress);
    await vi.waitFor(() => expect(getFavorites()).toHaveLength(0));
  });

  it('the heart action refuses admins and a missing product', async () => {
    const error = vi.spyOn(toast, 'error');
    toggleFavoriteWithFeedback(null);
    await vi.waitFor(() => expect(error).toHaveBeenLastCalledWith(m.favoriteProductNotFound));

    setStoredSession('admin');
    toggleFavoriteWithFeedback(dress);
    await vi.waitFor(() => expect(error).toHaveBeenLastCalledWith(m.adminsCannotFavorite));
    expect(getFavorites()).toEqual([]);
  });
});
