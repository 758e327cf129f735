import { describe, expect, it } from 'vitest';
import { FIT_MARGIN, fitCanvas, MIN_CANVAS_WIDTH } from './canvas-fit.ts';

const laptop = {
  viewportHeight: 900,
  canvasTop: 200,
  belowCanvas: 60,
  footerHeight: 33,
  containerWidth: 800,
};

describe('the canvas scales to the window, its drawing size unchanged', () => {
  it('on a 1280×900 laptop the canvas shrinks in place so the row under it ends above the footer', () => {
    const fit = fitCanvas(laptop);
    expect(fit.scroll).toBe(false);
    const height = (fit.width * 3) / 4;
    expect(laptop.canvasTop + height + laptop.belowCanvas).toBeLessThanOrEqual(
      laptop.viewportHeight - laptop.footerHeight - FIT_MARGIN,
    );
    // As wide as that allows: one pixel wider would not fit.
    const wider = ((fit.width + 2) * 3) / 4;
    expect(laptop.canvasTop + wider + laptop.belowCanvas).toBeGreaterThan(
      laptop.viewportHeight - laptop.footerHeight - FIT_MARGIN,
    );
  });

  it('never wider than 800 px nor than its container', () => {
    expect(fitCanvas({ ...laptop, viewportHeight: 2000 }).width).toBe(800);
    expect(fitCanvas({ ...laptop, viewportHeight: 2000, containerWidth: 343 }).width).toBe(343);
  });

  it('on a phone, where the page above leaves too little room, the game is scrolled into view instead', () => {
    const phone = {
      viewportHeight: 812,
      canvasTop: 300,
      belowCanvas: 330,
      footerHeight: 33,
      containerWidth: 343,
    };
    const fit = fitCanvas(phone);
    expect(fit).toEqual({ width: 343, scroll: true });
    expect((fit.width * 3) / 4 + phone.belowCanvas).toBeLessThanOrEqual(
      phone.viewportHeight - phone.footerHeight,
    );
  });

  it(`a short window never shrinks the canvas below ${MIN_CANVAS_WIDTH} px (the page scrolls instead)`, () => {
    const fit = fitCanvas({ ...laptop, viewportHeight: 300 });
    expect(fit).toEqual({ width: MIN_CANVAS_WIDTH, scroll: true });
  });
});
