import { useSyncExternalStore } from 'react';

/** SPEC §9 mobile breakpoint: narrower than 768 px. */
export const NARROW_QUERY = '(max-width: 767.98px)';

function query(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : null;
}

/** Whether the viewport is narrower than 768 px, following resizes and rotations. */
export function useNarrowViewport(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = query();
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => query()?.matches ?? false,
    () => false,
  );
}
