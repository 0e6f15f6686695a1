import { useEffect, useRef, type KeyboardEvent } from 'react';

const FOCUSABLE = 'button:not([disabled]), [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * What makes a panel a modal for a keyboard and a screen reader: focus moves to `initialFocus` when it
 * opens and goes back to the opener when it closes, Tab cycles inside `panel`, Escape closes. Spread
 * `onKeyDown` on the element around the panel and its backdrop.
 */
export function useModal<T extends HTMLElement>(onClose: () => void) {
  const panel = useRef<HTMLDivElement>(null);
  const initialFocus = useRef<T>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    initialFocus.current?.focus();
    return () => opener?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const stops = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = stops[0];
    const last = stops.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return { panel, initialFocus, onKeyDown };
}
