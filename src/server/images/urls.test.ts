import { describe, expect, it } from 'vitest';
import { createLocalStore } from '../storage/local';
import { imageDto, variantKey } from './urls';

// publicUrl only builds addresses; the directory is never touched.
const store = createLocalStore('/nonexistent');

describe('imageDto', () => {
  it('lists every copy and the original at its recorded width in srcset', () => {
    expect(imageDto(store, { key: 'products/a.webp', widths: [320, 640, 1024], width: 1280 })).toEqual({
      url: '/uploads/products/a.webp',
      srcset:
        '/uploads/products/a-320.webp 320w, /uploads/products/a-640.webp 640w, ' +
        '/uploads/products/a-1024.webp 1024w, /uploads/products/a.webp 1280w',
    });
  });

  it('offers an original stored before its width was recorded as the widest candidate, at the 1600 px cap', () => {
    expect(imageDto(store, { key: 'categories/b.webp', widths: [320, 640] })).toEqual({
      url: '/uploads/categories/b.webp',
      srcset:
        '/uploads/categories/b-320.webp 320w, /uploads/categories/b-640.webp 640w, /uploads/categories/b.webp 1600w',
    });
  });

  it('answers the url alone for an image too small to have copies', () => {
    expect(imageDto(store, { key: 'products/c.webp', widths: [], width: 200 })).toEqual({
      url: '/uploads/products/c.webp',
    });
  });

  it('answers an empty url for no image', () => {
    expect(imageDto(store, null)).toEqual({ url: '' });
  });
});

describe('variantKey', () => {
  it('names a copy after the original and its width', () => {
    expect(variantKey('products/a.webp', 640)).toBe('products/a-640.webp');
  });
});
