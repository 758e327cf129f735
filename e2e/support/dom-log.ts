import type { BrowserContext, Page } from 'playwright-core';

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

/**
 * The recorder itself, run in the page (self-contained: Playwright sends its source). It samples after every
 * DOM change and, with `everyMs`, on a timer too, so a page that reloads is recorded from its first script.
 */
function recordDom({ probes, everyMs }: { probes: Record<string, string>; everyMs?: number }): void {
  const log: DomSample[] = [];
  window.__domLog = log;
  let last = '';
  const sample = () => {
    const texts: Record<string, string | null> = {};
    for (const [name, selector] of Object.entries(probes)) {
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
  new MutationObserver(sample).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['data-screen'],
  });
  if (everyMs) setInterval(sample, everyMs);
}

/** Starts recording the page's document as it is now. */
export async function startDomLog(page: Page, probes: Record<string, string>): Promise<void> {
  await page.evaluate(recordDom, { probes });
}

/** Records every document the context loads (a reload too), from its first script on, also every `everyMs`. */
export async function recordEveryDocument(
  context: BrowserContext,
  probes: Record<string, string>,
  everyMs: number,
): Promise<void> {
  await context.addInitScript(recordDom, { probes, everyMs });
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
