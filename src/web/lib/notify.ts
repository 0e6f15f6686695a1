import type * as hotToast from 'react-hot-toast';
import type { ToastOptions } from 'react-hot-toast';

type ToastModule = typeof hotToast;

/**
 * react-hot-toast and its styling engine are 4.6 kB gzip that the first screen never uses: the shell's
 * toasts (a guard's prompt, a favourite, add to cart) go through `notify`, which loads the library on
 * the first toast; pages that raise toasts themselves import it with their own chunk. The same module
 * instance serves both, so every toast reaches the one <Toaster> that LazyToaster mounts.
 */
let loading: Promise<ToastModule> | undefined;
const waiting = new Set<() => void>();

export function loadToasts(): Promise<ToastModule> {
  if (!loading) {
    loading = import('react-hot-toast');
    for (const wake of waiting) wake();
  }
  return loading;
}

export function toastsRequested(): boolean {
  return loading !== undefined;
}

export function onToastsRequested(listener: () => void): () => void {
  waiting.add(listener);
  return () => waiting.delete(listener);
}

type ToastArguments = [message: string, options?: ToastOptions];

function show(kind: 'success' | 'error' | 'blank', ...toastArguments: ToastArguments): void {
  void loadToasts().then(({ toast }) => {
    if (kind === 'blank') toast(...toastArguments);
    else toast[kind](...toastArguments);
  });
}

/** react-hot-toast's `toast` for code in the first load; the toast appears once the library is in. */
export const notify = {
  success: (...toastArguments: ToastArguments) => show('success', ...toastArguments),
  error: (...toastArguments: ToastArguments) => show('error', ...toastArguments),
  blank: (...toastArguments: ToastArguments) => show('blank', ...toastArguments),
};
