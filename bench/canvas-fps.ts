/**
 * Frame-rate benchmark of the game screen (60 fps on an ordinary laptop). Renders the game
 * screen alone in Debian's Chromium (bench/canvas harness: the app's layout, stand-in providers, the server's own
 * match streaming keyframes, ball events and paddle reports into the client's prediction), then for each viewport counts animation frames
 * over the measuring window and the time the game loop's own work took per frame. It PRINTS the figures;
 * it asserts nothing (a shared, loaded machine would make any threshold flaky).
 * Usage: `npm run bench:canvas -- --seconds 2 --screenshots /tmp/canvas`.
 */
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from '../e2e/support/browser.ts';
import { startCanvasHarness } from './canvas/serve-harness.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '2' },
    screenshots: { type: 'string', default: path.join(tmpdir(), 'canvas-bench') },
  },
});
const seconds = Number(values.seconds);
const print = (line: string) => process.stdout.write(`${line}\n`);
const screenshots = values.screenshots;

const VIEWPORTS = [
  { name: 'laptop 1280×800', width: 1280, height: 800, touch: false },
  { name: 'phone 375×812', width: 375, height: 812, touch: true },
];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

const harness = await startCanvasHarness();
const browser = await launchChromium();
await mkdir(screenshots, { recursive: true });
try {
  print(`Game screen frame rate over ${seconds} s, ${harness.url}`);
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      hasTouch: viewport.touch,
      isMobile: viewport.touch,
    });
    const page = await context.newPage();
    await page.goto(harness.url);
    await page.locator('canvas[aria-label="Game field"]').waitFor();
    // A gesture, so audio (effects and music) runs during the measurement as it would in play.
    await page.locator('canvas[aria-label="Game field"]').click({ position: { x: 20, y: 20 } });
    await page.waitForTimeout(500);
    // The measuring code lives in the harness page: functions tsx compiles here cannot be sent to it.
    const result = await page.evaluate((ms) => window.__harness.measure(ms), seconds * 1000);
    const work = [...result.work].sort((a, b) => a - b);
    const mean = work.reduce((a, b) => a + b, 0) / Math.max(1, work.length);
    print(
      `${viewport.name.padEnd(18)} ${result.fps.toFixed(1).padStart(5)} fps   ` +
        `loop work per frame: mean ${mean.toFixed(3)} ms, p95 ${percentile(work, 0.95).toFixed(3)} ms, ` +
        `max ${percentile(work, 1).toFixed(3)} ms   server messages ${result.messagesPerSecond.toFixed(1)}/s`,
    );
    const file = path.join(screenshots, `game-${viewport.width}.png`);
    // What a laptop player sees at once; on a phone the whole page, strip and row under the game included.
    await page.screenshot({ path: file, fullPage: viewport.touch });
    print(`  screenshot: ${file}`);
    await context.close();
  }
} finally {
  await browser.close();
  await harness.close();
}
