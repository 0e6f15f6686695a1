import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { loadToasts, onToastsRequested, toastsRequested } from '@/web/lib/notify';

// Its settings come with it: they are of no use before it mounts.
const Toaster = lazy(async () => {
  const [{ Toaster: HotToaster }, { toasterProps }] = await Promise.all([
    loadToasts(),
    import('@/web/lib/toaster-props'),
  ]);
  return { default: () => <HotToaster {...toasterProps} /> };
});

interface LazyToasterProps {
  /**
   * Whether the page shown may raise a toast on its own (a failed load, a guard): then the toaster
   * loads at once. The home page raises toasts only from its buttons, which load it through `notify`.
   */
  eager: boolean;
}

/**
 * SPEC §9's toaster, mounted once react-hot-toast is wanted: a shell toast (`notify`), a page other than
 * the home page, or the first press or key, which is what every page's own toasts follow.
 */
export function LazyToaster({ eager }: LazyToasterProps) {
  const requested = useSyncExternalStore(onToastsRequested, toastsRequested, () => false);

  useEffect(() => {
    if (requested) return;
    if (eager) {
      void loadToasts();
      return;
    }
    const load = () => void loadToasts();
    const options = { capture: true, once: true, passive: true };
    window.addEventListener('pointerdown', load, options);
    window.addEventListener('keydown', load, options);
    return () => {
      window.removeEventListener('pointerdown', load, options);
      window.removeEventListener('keydown', load, options);
    };
  }, [eager, requested]);

  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
