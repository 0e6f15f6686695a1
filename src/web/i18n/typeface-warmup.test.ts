import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { warmTypefaceAfterLoad } from './typeface-warmup';

const fetchMock = vi.fn<typeof fetch>();

describe("the Arabic typeface's first fetch", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    fetchMock.mockImplementation(() => Promise.resolve(new Response(new Uint8Array(8))));
    document.cookie = 'nour_typeface=; Path=/; Max-Age=0';
    document.documentElement.removeAttribute('data-typeface');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('fetches both files a while after the page has loaded, then says so in the cookie', async () => {
    expect(document.readyState).toBe('complete');
    warmTypefaceAfterLoad();
    // Not with the first screen: its scripts, data and pictures come first.
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    const files = fetchMock.mock.calls.map(([file]) => String(file));
    expect(files).toHaveLength(2);
    expect(files.every((file) => /ibm-plex-sans-arabic-arabic-(400|600)-normal.*\.woff2$/.test(file))).toBe(
      true,
    );
    expect(document.cookie).toContain('nour_typeface=1');
  });

  it('leaves the cookie unset when a file cannot be fetched, so the next page tries again', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(new Response('', { status: 503 })));
    warmTypefaceAfterLoad();
    await vi.runAllTimersAsync();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(document.cookie).not.toContain('nour_typeface');

    fetchMock.mockImplementation(() => Promise.reject(new TypeError('offline')));
    warmTypefaceAfterLoad();
    await vi.runAllTimersAsync();
    expect(document.cookie).not.toContain('nour_typeface');
  });

  it('fetches nothing on a page already drawn in the typeface', async () => {
    document.documentElement.setAttribute('data-typeface', '');
    warmTypefaceAfterLoad();
    await vi.runAllTimersAsync();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
