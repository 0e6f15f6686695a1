import type { ToasterProps } from 'react-hot-toast';
import { TOAST_DURATION_MS, TOAST_MAX_WIDTH_PX, TOAST_REMOVE_DELAY_MS } from '@/shared/constants';

/**
 * The <Toaster> settings of SPEC §9: success 2 s, error and neutral 4 s, loading until dismissed,
 * 350 px wide at most, removed 1 s after it hides. react-hot-toast itself shows at most 20 at once.
 */
export const toasterProps: ToasterProps = {
  position: 'top-center',
  // Below the top bar (5 rem, under an announcement of up to 2.25 rem), never over its cart, menu and
  // account buttons: a toast over them took the tap on a phone, and hovering it keeps it from leaving.
  containerStyle: { top: '6rem' },
  gutter: 10,
  toastOptions: {
    duration: TOAST_DURATION_MS.blank,
    removeDelay: TOAST_REMOVE_DELAY_MS,
    success: { duration: TOAST_DURATION_MS.success },
    error: { duration: TOAST_DURATION_MS.error },
    blank: { duration: TOAST_DURATION_MS.blank },
    loading: { duration: TOAST_DURATION_MS.loading },
    style: {
      maxWidth: `${TOAST_MAX_WIDTH_PX}px`,
      background: 'var(--color-surface)',
      color: 'var(--color-ink)',
      border: '1px solid var(--color-line)',
      borderRadius: '0.75rem',
      boxShadow: 'var(--shadow-card)',
      fontSize: '0.875rem',
    },
    iconTheme: { primary: 'var(--color-accent)', secondary: 'var(--color-on-accent)' },
  },
};
