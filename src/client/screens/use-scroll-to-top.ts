import { useEffect, useRef } from 'react';

const scrollWindowToTop = () => window.scrollTo(0, 0);

/**
 * Scrolls the page to its top whenever `screen` changes (not on the first render), unless the new screen
 * places itself (`placesItself`: the game screen scrolls its canvas into view when it must, in a layout
 * effect that runs before this one, game/canvas-fit.ts). On a phone the page is taller than the viewport: without
 * it, the game-over screen (or the wait screen after a Find Match pressed low in the lobby) keeps the
 * previous screen's scroll position and its result may sit off screen.
 */
export function useScrollToTopOnChange(
  screen: string,
  placesItself = false,
  scrollToTop: () => void = scrollWindowToTop,
): void {
  const shown = useRef(screen);
  useEffect(() => {
    if (shown.current === screen) return;
    shown.current = screen;
    if (!placesItself) scrollToTop();
  }, [screen, placesItself, scrollToTop]);
}
