import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { FIRST_SCREEN_SCRIPT_ID } from '@/shared/first-screen';

/**
 * Puts the data the server sent inside the page (its first screen, src/server/catalog/first-screen.ts)
 * into `client`, before the first render: the page's first query then finds it under its own key and
 * asks nothing, and asks again once it is stale, as for any data. The element is read once and removed.
 */
export function hydrateFirstScreen(client: QueryClient): void {
  const element = document.getElementById(FIRST_SCREEN_SCRIPT_ID);
  if (!element) return;
  element.remove();
  try {
    hydrate(client, JSON.parse(element.textContent) as DehydratedState);
  } catch {
    // A damaged page asks for everything itself.
  }
}
