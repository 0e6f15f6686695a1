import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
// The shell is in every first load, so it imports the message areas it shows rather than the whole
// dictionary (which the lazily loaded pages bring with their own chunks).
import { layout } from '@/web/i18n/first-screen';
import { AnnouncementBar } from './announcement-bar';
import { Footer } from './footer';
import { TopBar } from './top-bar';

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
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
