import { afterEach, describe, expect, it, vi } from 'vitest';

/** bidi.ts reads the page's direction when it loads: each test sets <html lang> and loads it again. */
async function isolateOn(lang: 'en' | 'ar') {
  document.documentElement.lang = lang;
  vi.resetModules();
  return (await import('./bidi')).isolate;
}

describe('isolate', () => {
  afterEach(() => {
    document.documentElement.lang = 'en';
  });

  it('wraps a value in first-strong isolates on a right-to-left page', async () => {
    const isolate = await isolateOn('ar');
    expect(isolate('N-10001')).toBe('\u2068N-10001\u2069');
    expect(isolate(12)).toBe('\u206812\u2069');
  });

  it('leaves a value as it is on a left-to-right page, so English texts stay exactly as written', async () => {
    const isolate = await isolateOn('en');
    expect(isolate('N-10001')).toBe('N-10001');
    expect(isolate(12)).toBe('12');
  });
});
