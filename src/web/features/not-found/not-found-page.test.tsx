import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { messages } from '@/web/i18n/messages';
import { renderRoutes } from '@/web/lib/testing';
import NotFoundPage from './not-found-page';

const m = messages.layout;

function Probe() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

describe('not-found page', () => {
  it("shows 404 'Page Not Found' with Go Home and Go Back", async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes([
      { path: '/missing', element: <NotFoundPage /> },
      { path: '*', element: <Probe /> },
    ]);
    await router.navigate('/products');
    await router.navigate('/missing');

    expect(await screen.findByRole('heading', { name: m.pageNotFound })).toBeInTheDocument();
    expect(screen.getByText(m.notFoundCode)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: m.goHome })).toHaveAttribute('href', '/');
    // The title is set by an effect after the page draws: waited for, not read at once.
    await waitFor(() => expect(document.title).toContain(m.pageNotFound));

    await user.click(screen.getByRole('button', { name: m.goBack }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/products');
  });
});
