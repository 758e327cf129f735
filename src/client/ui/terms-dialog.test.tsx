// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SUPPORT_EMAIL } from '../site.ts';
import { SiteFooter } from './site-footer.tsx';

afterEach(cleanup);

/** The dialog's text is a chunk of its own, loaded at the first press of the link. */
async function openTerms() {
  render(<SiteFooter />);
  fireEvent.click(screen.getByRole('button', { name: 'Terms of Service' }));
  return screen.findByRole('dialog');
}

describe('Terms of Service dialog', () => {
  it("terms: the footer link opens it, headed 'Last Updated: March 9, 2025', sections 1-15 without 7", async () => {
    const dialog = await openTerms();
    expect(within(dialog).getByText('Last Updated: March 9, 2025')).toBeTruthy();
    const numbers = within(dialog)
      .getAllByRole('heading', { level: 3 })
      .map((h) => Number(/^(\d+)\./.exec(h.textContent ?? '')?.[1]));
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15]);
  });

  it.each([
    ['age limit', /at least 18 years old/],
    [
      'restricted jurisdictions',
      /United States, the United Kingdom, Hong Kong, Singapore, Malta, or any sanctioned country/,
    ],
    ['never holds user funds', /never holds user funds/],
    ['fees: both pay, winner gets 1.5x', /winner receives 1\.5 times the entry fee/],
    ['smol_shrimp fee', /Smol Shrimp: entry fee 0\.025 SOL per player; the winner receives 0\.0375 SOL/],
    ['tiny_tuna fee', /Tiny Tuna: entry fee 0\.1 SOL per player; the winner receives 0\.15 SOL/],
    ['mighty_marlin fee', /Mighty Marlin: entry fee 1 SOL per player; the winner receives 1\.5 SOL/],
    ['giga_whale fee', /Giga Whale: entry fee 10 SOL per player; the winner receives 15 SOL/],
    ['practice is free', /Free Play: no entry fee and no payout/],
    ['first to 11', /first player to reach 11 points/],
    [
      'the match-length rule: sudden death after 10 minutes',
      /After 10 minutes of play the next point ends the match and the player ahead wins/,
    ],
    [
      'the match-length rule: the final whistle after 12 minutes',
      /After 12 minutes of play the match ends at once: the player ahead wins, and a level score is decided by the match's random seed/,
    ],
    ['10-second cancel wait', /only after waiting 10 seconds/],
    ['97% refund, 3% retained', /97% of the entry fee \(3% is retained\)/],
    [
      'no refund once started',
      /no refund once a match has started, except for a technical failure, at the operator’s discretion/,
    ],
    [
      'disconnect loses, abandoning forfeits',
      /A disconnect is an automatic loss\. Abandoning a match forfeits your entry fee/,
    ],
    [
      'connection under 100 ms, VPN discouraged',
      /latency under 100 ms is advised\. The use of a VPN is discouraged/,
    ],
    ['governing law', /governed by the laws of the Cayman Islands/],
    ['arbitration', /arbitration under the rules of the International Chamber of Commerce/],
    ['class-action waiver', /waive any right to bring or take part in a class action/],
    ['support contact', new RegExp(SUPPORT_EMAIL.replace('.', '\\.'))],
  ])('terms state %s', async (_rule, text) => {
    const dialog = await openTerms();
    expect(dialog.textContent?.replace(/\s+/g, ' ')).toMatch(text);
  });

  it("terms: the dialog body scrolls and 'I Agree' closes it", async () => {
    const dialog = await openTerms();
    expect(within(dialog).getByTestId('terms-scroll').className).toContain('overflow-y-auto');
    fireEvent.click(within(dialog).getByRole('button', { name: 'I Agree' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
