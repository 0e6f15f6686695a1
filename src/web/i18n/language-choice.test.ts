import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/shared/constants';
import { openPage } from '@/web/lib/reload-page';
import { followAccountLanguage, syncLanguageChoice } from './language-choice';

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

  it("stores the page's language as the choice at start", () => {
    window.localStorage.setItem(STORAGE_KEYS.language, 'fr');
    syncLanguageChoice();
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
    expect(openPage).not.toHaveBeenCalled();
  });

  it('brings back a stored choice whose cookie is gone, loading the page again in it', () => {
    window.localStorage.setItem(STORAGE_KEYS.language, 'ar');
    syncLanguageChoice();
    expect(document.cookie).toContain('nour_lang=ar');
    expect(openPage).toHaveBeenCalledWith('/cart');
  });

  it('lets the cookie and ?lang win over the stored choice', () => {
    window.localStorage.setItem(STORAGE_KEYS.language, 'ar');
    document.cookie = 'nour_lang=en; Path=/';
    syncLanguageChoice();
    expect(openPage).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('en');

    document.cookie = 'nour_lang=; Path=/; Max-Age=0';
    window.localStorage.setItem(STORAGE_KEYS.language, 'ar');
    window.history.replaceState(null, '', '/cart?lang=en');
    syncLanguageChoice();
    expect(openPage).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
  });
});
