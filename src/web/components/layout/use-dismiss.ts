import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * Closes a popup on a click outside `ref`, on Escape, and whenever the route changes
 * (SPEC §2: the user menu closes on navigation or an outside click).
 */
export function useDismiss(ref: RefObject<HTMLElement | null>, open: boolean, close: () => void): void {
  const location = useLocation();

  useEffect(() => {
    close();
    // Only a new location closes it; `close` is a fresh function on every render of the caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, ref, close]);
}
