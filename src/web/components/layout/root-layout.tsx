import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
// The shell is in every first load, so it imports the message areas it shows rather than the whole
// dictionary (which the lazily loaded pages bring with their own chunks).
import { layout } from '@/web/i18n/first-screen';
import { useNearViewport } from '@/web/lib/use-near-viewport';
import { AnnouncementBar } from './announcement-bar';
import { TopBar } from './top-bar';

// The footer is below the fold of every long page: it loads as the shopper scrolls near it (at once on a
// short page), keeping it out of the home page's first load.
const Footer = lazy(() => import('./footer').then((module) => ({ default: module.Footer })));

function FooterWhenNear({ settled }: { settled: boolean }) {
  const [ref, near] = useNearViewport<HTMLDivElement>(settled);
  if (!near) return <div ref={ref} className="h-px" />;
  return (
    <Suspense fallback={null}>
      <Footer />
    </Suspense>
  );
}

/** What every page sits in (SPEC §2 "Common layout"): the top bar, the page, the footer. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-pill bg-ink px-4 py-2 text-canvas focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {layout.skipToContent}
      </a>
      <AnnouncementBar />
      <TopBar />
      {/* A thin bar while the next page's code loads, so a click never looks ignored. */}
      <div
        aria-hidden="true"
        className={`fixed inset-x-0 top-0 z-50 h-0.5 bg-accent transition-opacity duration-300 ${
          navigation.state === 'loading' ? 'animate-pulse opacity-100' : 'opacity-0'
        }`}
      />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <FooterWhenNear settled={navigation.state === 'idle'} />
      <ScrollRestoration />
    </div>
  );
}
