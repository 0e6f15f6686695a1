import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { layout } from '@/web/i18n/first-screen';

/** Shown once the shopper has scrolled past one screen; before that there is no "top" to go back to. */
function useScrolledPastFold(): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > window.innerHeight * 0.6);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return past;
}

/** The home page's floating button that scrolls back to the top (SPEC §2). */
export function BackToTop() {
  const visible = useScrolledPastFold();
  return (
    <button
      type="button"
      aria-label={layout.backToTop}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      className={`fixed end-5 bottom-5 z-30 inline-flex size-12 items-center justify-center rounded-pill bg-ink text-canvas shadow-lift transition duration-300 hover:bg-accent-strong ${
        visible ? 'translate-y-0 opacity-100' : 'pointer-events-none translate-y-4 opacity-0'
      }`}
      tabIndex={visible ? 0 : -1}
    >
      <ArrowUp className="size-5" aria-hidden="true" />
    </button>
  );
}
