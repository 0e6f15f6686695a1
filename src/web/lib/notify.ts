import type * as hotToast from 'react-hot-toast';
import type { ToastOptions } from 'react-hot-toast';

type ToastModule = typeof hotToast;

/**
 * react-hot-toast and its styling engine are 4.6 kB gzip that the first screen never uses: every toast
 * goes through `notify`, which loads the library on the first toast, and reaches the one <Toaster>
 * that LazyToaster mounts.
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

function show(kind: 'success' | 'error' | 'loading' | 'blank', ...toastArguments: ToastArguments): void {
  void loadToasts().then(({ toast }) => {
    if (kind === 'blank') toast(...toastArguments);
    else toast[kind](...toastArguments);
  });
}

/**
 * The web app's one way to raise a toast: react-hot-toast's `toast`, loaded on first use, so the shell
 * and every page go the same way. The toast appears once the library is in, and toasts keep their
 * order; a toast to replace later (a loading one) takes its `id` from the caller.
 */
export const notify = {
  success: (...toastArguments: ToastArguments) => show('success', ...toastArguments),
  error: (...toastArguments: ToastArguments) => show('error', ...toastArguments),
  loading: (...toastArguments: ToastArguments) => show('loading', ...toastArguments),
  blank: (...toastArguments: ToastArguments) => show('blank', ...toastArguments),
};
