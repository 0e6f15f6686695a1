import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@/web/i18n/messages';
import { mockFetch, renderRoute } from '@/web/lib/testing';
import PolicyPage from './policy-page';

const m = messages.catalog;

describe('policy page', () => {
  it("shows the page's HTML as the server rendered it, asked in the page's language", async () => {
    const { calls } = mockFetch((call) =>
      call.url.pathname === '/api/pages/returns'
        ? {
            body: {
              success: true,
              page: {
                page: 'returns',
                language: 'en',
                title: 'Returns',
                description: 'Within 14 days.',
                html: '<h1>Returns and exchanges</h1>\n<p>Within <strong>14 days</strong>.</p>\n',
              },
            },
          }
        : undefined,
    );
    renderRoute(<PolicyPage />, { path: '/pages/returns' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Returns and exchanges' }),
    ).toBeInTheDocument();
    expect(screen.getByText('14 days')).toBeInTheDocument();
    expect(calls[0]!.url.searchParams.get('lang')).toBe('en');
    expect(document.title).toMatch(/^Returns \| /);
  });

  it('says when the owner has not written the page yet', async () => {
    mockFetch(() => ({
      body: {
        success: true,
        page: { page: 'privacy', language: 'en', title: 'Privacy', description: '', html: '' },
      },
    }));
    renderRoute(<PolicyPage />, { path: '/pages/privacy' });
    expect(await screen.findByText(m.pageNotWritten)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: messages.layout.policyPages.privacy }),
    ).toBeInTheDocument();
  });

  it('says when the page could not be loaded', async () => {
    mockFetch(() => ({ status: 500, body: { success: false, message: 'down' } }));
    renderRoute(<PolicyPage />, { path: '/pages/shipping' });
    expect(await screen.findByRole('alert')).toHaveTextContent(m.pageLoadFailed);
  });
});
