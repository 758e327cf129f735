import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CanvasHarness, startCanvasHarness } from '../bench/canvas/serve-harness.ts';
import { launchChromium } from './support/browser.ts';

/**
 * The game canvas and its input in a real browser: the game screen alone (bench/canvas harness, stand-in providers) in
 * Debian's Chromium, where CSS really scales the canvas and pointer, touch and keys really arrive. The
 * harness's `still` mode draws one fixed snapshot: scores 3-5, ball at (520, 210), paddles 300 and 260.
 */

type Rgb = [number, number, number];
const GREEN: Rgb = [74, 222, 128];
const CYAN: Rgb = [34, 211, 238];
const YELLOW: Rgb = [250, 204, 21];

describe('the game canvas in Chromium', () => {
  let harness: CanvasHarness;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    harness = await startCanvasHarness();
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await harness?.close();
  });

  async function open(query: string, viewport: { width: number; height: number }, touch = false) {
    const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
    contexts.push(context);
    const page = await context.newPage();
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${harness.url}?${query}`);
    const canvas = page.locator('canvas[aria-label="Game field"]');
    await canvas.waitFor();
    return { page, canvas };
  }

  /** The colour of one pixel of the 800×600 drawing, read back from the canvas itself. */
  const pixel = (page: Page, x: number, y: number) =>
    page.evaluate(
      ([px, py]) => {
        const data = document
          .querySelector<HTMLCanvasElement>('canvas[aria-label="Game field"]')!
          .getContext('2d')!
          .getImageData(px!, py!, 1, 1).data;
        return [data[0], data[1], data[2]];
      },
      [x, y],
    );
  const lastMove = (page: Page) => page.evaluate(() => window.__harness.moves.at(-1) ?? null);
  const waitForMoves = (page: Page, count: number) =>
    page.waitForFunction((n) => window.__harness.moves.length >= n, count);

  it('at 1280 px: 800×600 drawing size, CSS-scaled at 4:3; the mouse y maps back to the field', async () => {
    const { page, canvas } = await open('still', { width: 1280, height: 800 });
    expect(await canvas.evaluate((c: HTMLCanvasElement) => [c.width, c.height])).toEqual([800, 600]);
    const box = (await canvas.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(800);
    expect(box.height / box.width).toBeCloseTo(0.75, 2);
    expect(await page.getByRole('slider').count()).toBe(0);

    await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.75);
    await waitForMoves(page, 1);
    await page.waitForTimeout(100);
    expect(await lastMove(page)).toBeCloseTo(450, 0);
    // The own paddle (left, green) is drawn at the pointer at once; the server's stays where it was.
    expect(await pixel(page, 50, 450)).toEqual(GREEN);
    expect(await pixel(page, 50, 300)).not.toEqual(GREEN);
    expect(await pixel(page, 750, 260)).toEqual(CYAN);
    expect(await pixel(page, 520, 210)).toEqual(YELLOW);
  });

  it('ArrowUp held moves the paddle up, and it stops when the key is released', async () => {
    const { page } = await open('still', { width: 1280, height: 800 });
    await page.keyboard.down('ArrowUp');
    await page.waitForTimeout(250);
    await page.keyboard.up('ArrowUp');
    const y = await lastMove(page);
    expect(y).not.toBeNull();
    // Up from the server's 300 (the exact speed per frame is unit-tested: input.test.ts).
    expect(y!).toBeLessThan(290);
    await page.waitForTimeout(100);
    expect(await lastMove(page)).toBe(y);
  });

  it('at 375 px: no horizontal scroll, the touch strip under the canvas, and a tap moves the paddle', async () => {
    const { page, canvas } = await open('still', { width: 375, height: 812 }, true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const box = (await canvas.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(375);
    expect(box.height / box.width).toBeCloseTo(0.75, 2);
    const strip = page.getByRole('slider', { name: 'Paddle control: drag or tap' });
    const stripBox = (await strip.boundingBox())!;
    expect(stripBox.y).toBeGreaterThanOrEqual(box.y + box.height);

    await page.touchscreen.tap(stripBox.x + stripBox.width / 2, stripBox.y + stripBox.height / 4);
    await waitForMoves(page, 1);
    await page.waitForTimeout(100);
    expect(await lastMove(page)).toBeCloseTo(150, 0);
    expect(await pixel(page, 50, 150)).toEqual(GREEN);
    await page.screenshot({ path: path.join(tmpdir(), 'game-canvas-375.png'), fullPage: true });
  });

  it("'GET READY' is drawn over the field during first serve", async () => {
    const { page } = await open('still&state=firstServe', { width: 1280, height: 800 });
    await page.waitForTimeout(100);
    const yellow = await page.evaluate(() => {
      const data = document
        .querySelector<HTMLCanvasElement>('canvas[aria-label="Game field"]')!
        .getContext('2d')!
        .getImageData(150, 260, 500, 80).data;
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i]! > 200 && data[i + 1]! > 150 && data[i + 2]! < 80) count += 1;
      }
      return count;
    });
    expect(yellow).toBeGreaterThan(500);
    await page.screenshot({ path: path.join(tmpdir(), 'game-canvas-get-ready.png') });
  });

  it('a live match streams in without page errors', async () => {
    const { page } = await open('', { width: 1280, height: 800 });
    // Keyframes, ball events and the opponent paddle at 10 Hz: a few seconds of play.
    await page.waitForFunction(() => window.__harness.messages > 20);
    await page.screenshot({ path: path.join(tmpdir(), 'game-canvas-live.png') });
    expect(errors).toEqual([]);
  });
});
