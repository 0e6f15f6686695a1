import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/shared/shell-constants';
import { mockFetch, setStoredSession } from '@/web/lib/testing';
import { openPage } from '@/web/lib/reload-page';
import { LanguageSwitch } from './language-switch';

vi.mock('@/web/lib/reload-page', () => ({ openPage: vi.fn(), reloadPage: vi.fn() }));

function clearLanguageCookie() {
  document.cookie = 'nour_lang=; Path=/; Max-Age=0';
}

describe('language switch (on an English page)', () => {
  beforeEach(() => {
    clearLanguageCookie();
    vi.mocked(openPage).mockClear();
    window.history.replaceState(null, '', '/products?lang=en&search=dress#top');
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('offers Arabic by its own name, marked as Arabic', () => {
    setStoredSession('visitor');
    render(<LanguageSwitch />);
    const button = screen.getByRole('button', { name: 'العربية' });
    expect(button).toHaveAttribute('lang', 'ar');
  });

  it('remembers Arabic (cookie and storage) and loads the page again without ?lang, saving nothing for a visitor', async () => {
    setStoredSession('visitor');
    const { calls } = mockFetch(() => undefined);
    render(<LanguageSwitch />);
    await userEvent.click(screen.getByRole('button', { name: 'العربية' }));
    await waitFor(() => expect(openPage).toHaveBeenCalledWith('/products?search=dress#top'));
    expect(document.cookie).toContain('nour_lang=ar');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('ar');
    expect(calls).toEqual([]);
  });

  it("saves the choice on a signed-in shopper's account before loading the page again", async () => {
    setStoredSession('user');
    const { calls } = mockFetch((call) =>
      call.method === 'PATCH' && call.url.pathname === '/api/auth/me'
        ? { body: { success: true } }
        : undefined,
    );
    render(<LanguageSwitch />);
    await userEvent.click(screen.getByRole('button', { name: 'العربية' }));
    await waitFor(() => expect(openPage).toHaveBeenCalledWith('/products?search=dress#top'));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ language: 'ar' });
    expect(calls[0]?.headers.get('token')).toBe('user-token');
  });

  it('switches even when the account cannot be saved', async () => {
    setStoredSession('user');
    mockFetch(() => ({ status: 500, body: { success: false, message: 'Internal Server Error' } }));
    render(<LanguageSwitch />);
    await userEvent.click(screen.getByRole('button', { name: 'العربية' }));
    await waitFor(() => expect(openPage).toHaveBeenCalledTimes(1));
    expect(document.cookie).toContain('nour_lang=ar');
  });
});

describe('language switch (on an Arabic page)', () => {
  afterEach(() => {
    document.documentElement.lang = '';
    vi.resetModules();
  });

  it('offers English by its own name, marked as English, and remembers it', async () => {
    vi.resetModules();
    document.documentElement.lang = 'ar';
    clearLanguageCookie();
    const { LanguageSwitch: ArabicPageSwitch } = await import('./language-switch');
    const reload = await import('@/web/lib/reload-page');
    vi.mocked(reload.openPage).mockClear();
    const testing = await import('@/web/lib/testing');
    testing.setStoredSession('visitor');
    render(<ArabicPageSwitch />);
    const button = screen.getByRole('button', { name: 'English' });
    expect(button).toHaveAttribute('lang', 'en');
    await userEvent.click(button);
    await waitFor(() => expect(reload.openPage).toHaveBeenCalledWith('/'));
    expect(document.cookie).toContain('nour_lang=en');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
  });
});
