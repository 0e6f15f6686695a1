import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/shared/shell-constants';
import { openPage } from '@/web/lib/reload-page';
import { followAccountLanguage, switchLanguage } from './language-choice';

vi.mock('@/web/lib/reload-page', () => ({ openPage: vi.fn(), reloadPage: vi.fn() }));

// These tests run on an English page (jsdom's <html> has no lang).
describe('the language choice', () => {
  beforeEach(() => {
    document.cookie = 'nour_lang=; Path=/; Max-Age=0';
    window.localStorage.clear();
    vi.mocked(openPage).mockClear();
    window.history.replaceState(null, '', '/cart');
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it("follows an account's saved language when it is not the page's", () => {
    expect(followAccountLanguage('ar')).toBe(true);
    expect(document.cookie).toContain('nour_lang=ar');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('ar');
  });

  it('leaves the page alone for the same language, none, or an unknown one', () => {
    for (const saved of ['en', undefined, null, 'fr']) expect(followAccountLanguage(saved)).toBe(false);
    expect(document.cookie).not.toContain('nour_lang');
  });

  it('switches even when saving on the account fails, and drops ?lang from the address', async () => {
    window.history.replaceState(null, '', '/cart?lang=en&page=2');
    await switchLanguage('ar', () => Promise.reject(new Error('offline')));
    expect(document.cookie).toContain('nour_lang=ar');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('ar');
    expect(openPage).toHaveBeenCalledWith('/cart?page=2');
  });
});
