import { useEffect, useRef, useState } from 'react';

/**
 * True once the element is within a few hundred pixels of the viewport (at once where there is no
 * observer), so what sits below the fold loads when the shopper scrolls near it. Watching starts only
 * when `settled`: while the page above is still loading it is short, the element sits near the top,
 * and would load with the first screen after all.
 */
export function useNearViewport<T extends Element>(settled: boolean) {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !settled || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, settled]);
  return [ref, near] as const;
}
