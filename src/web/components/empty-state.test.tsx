import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/web/lib/testing';
import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  it("defaults to 'No Products Found' and a 'Reset Filters' link to /products", async () => {
    const { router } = renderRoute(<EmptyState />, { path: '/somewhere' });
    expect(screen.getByRole('heading', { name: 'No Products Found' })).toBeInTheDocument();
    const reset = screen.getByRole('link', { name: 'Reset Filters' });
    expect(reset).toHaveAttribute('href', '/products');
    expect(screen.queryAllByRole('link')).toHaveLength(1);
    await userEvent.click(reset);
    expect(router.state.location.pathname).toBe('/products');
  });

  it('shows the message with its highlighted text, its own title and both actions', () => {
    renderRoute(
      <EmptyState
        title="Nothing here"
        message="We could not find products matching"
        highlight="silk"
        primary={{ label: 'Browse Other Categories', to: '/categories' }}
        secondary={{ label: 'Return to Home', to: '/' }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Nothing here' })).toBeInTheDocument();
    expect(screen.getByText('silk').tagName).toBe('MARK');
    expect(screen.getByText(/We could not find products matching/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Other Categories' })).toHaveAttribute(
      'href',
      '/categories',
    );
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });
});
