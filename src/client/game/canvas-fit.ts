import { type RefObject, useLayoutEffect } from 'react';
import { CANVAS_HEIGHT, CANVAS_WIDTH } from '../../common/game/constants.ts';

/**
 * The game canvas keeps its 800×600 drawing size; CSS scales it to the window. Its shown
 * width is the largest that keeps the whole canvas, the touch strip (below 768 px) and the row under the
 * game in view above the fixed footer: without scrolling when the page above leaves room for a canvas at
 * least MIN_CANVAS_WIDTH wide (a laptop), else with the game scrolled to the top of the window (a phone).
 */

export const MIN_CANVAS_WIDTH = 320;
/** Space kept free between the row under the game and the footer. */
export const FIT_MARGIN = 8;

export interface FitFacts {
  /** window.innerHeight. */
  viewportHeight: number;
  /** The canvas's top on the page (its distance from the top of the document). */
  canvasTop: number;
  /** From the canvas's bottom to the bottom of the row under the game (touch strip included). */
  belowCanvas: number;
  /** Height of the fixed footer. */
  footerHeight: number;
  /** Width the canvas may take at most: its container's. */
  containerWidth: number;
}

export interface CanvasFit {
  /** CSS width of the canvas; its height is three quarters of it. */
  width: number;
  /** Whether the game must be scrolled to the top of the window to be seen whole. */
  scroll: boolean;
}

const widthForHeight = (height: number) => Math.floor((height * CANVAS_WIDTH) / CANVAS_HEIGHT);

export function fitCanvas(facts: FitFacts): CanvasFit {
  const widest = Math.max(0, Math.min(CANVAS_WIDTH, facts.containerWidth));
  const narrowest = Math.min(MIN_CANVAS_WIDTH, widest);
  const reserved = facts.belowCanvas + facts.footerHeight + FIT_MARGIN;
  const inPlace = widthForHeight(facts.viewportHeight - facts.canvasTop - reserved);
  if (inPlace >= narrowest) return { width: Math.min(widest, inPlace), scroll: false };
  const scrolled = widthForHeight(facts.viewportHeight - reserved);
  return { width: Math.max(narrowest, Math.min(widest, scrolled)), scroll: true };
}

/**
 * Sizes the canvas with fitCanvas whenever the window or the row under the game changes size (through its
 * style: no React render), and once, when the game opens, scrolls it into view if it needs to be.
 */
export function useCanvasFit(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  rowRef: RefObject<HTMLElement | null>,
): void {
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    const row = rowRef.current;
    const container = canvas?.parentElement;
    if (!canvas || !row || !container) return;
    const measure = (): CanvasFit => {
      const canvasBox = canvas.getBoundingClientRect();
      const fit = fitCanvas({
        viewportHeight: window.innerHeight,
        canvasTop: canvasBox.top + window.scrollY,
        belowCanvas: row.getBoundingClientRect().bottom - canvasBox.bottom,
        footerHeight: document.querySelector('footer')?.getBoundingClientRect().height ?? 0,
        containerWidth: container.clientWidth,
      });
      canvas.style.maxWidth = `${fit.width}px`;
      return fit;
    };
    if (measure().scroll) canvas.scrollIntoView?.({ block: 'start' });
    const onResize = () => measure();
    window.addEventListener('resize', onResize);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(onResize) : null;
    observer?.observe(row);
    return () => {
      window.removeEventListener('resize', onResize);
      observer?.disconnect();
    };
  }, [canvasRef, rowRef]);
}
