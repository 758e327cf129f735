import type { Page } from 'playwright-core';

/**
 * What a page showed, moment by moment: a MutationObserver in the page records, after every DOM change, the
 * game page's screen (`data-screen`) and the text of each probe (a CSS selector; null when absent), keeping
 * only samples that differ from the one before. A screen that shows for half a second is seen even when the
 * test's own polling is slow on a loaded machine; `t` is the page's performance.now().
 */
export interface DomSample {
  t: number;
  screen: string | null;
  texts: Record<string, string | null>;
}

declare global {
  interface Window {
    __domLog?: DomSample[];
  }
}

export async function startDomLog(page: Page, probes: Record<string, string>): Promise<void> {
  await page.evaluate((selectors) => {
    const log: DomSample[] = [];
    window.__domLog = log;
    let last = '';
    const sample = () => {
      const texts: Record<string, string | null> = {};
      for (const [name, selector] of Object.entries(selectors)) {
        const element = document.querySelector(selector);
        texts[name] = element ? (element.textContent ?? '').trim() : null;
      }
      const screen = document.querySelector('[data-screen]')?.getAttribute('data-screen') ?? null;
      const key = JSON.stringify([screen, texts]);
      if (key === last) return;
      last = key;
      log.push({ t: performance.now(), screen, texts });
    };
    sample();
    new MutationObserver(sample).observe(document.documentElement, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-screen'],
    });
  }, probes);
}

export async function readDomLog(page: Page): Promise<DomSample[]> {
  return page.evaluate(() => window.__domLog ?? []);
}

/** The distinct values a probe showed, in order (null, when it was absent, left out). */
export function textsSeen(log: DomSample[], probe: string): string[] {
  const seen: string[] = [];
  for (const s of log) {
    const text = s.texts[probe];
    if (text != null && seen.at(-1) !== text) seen.push(text);
  }
  return seen;
}
