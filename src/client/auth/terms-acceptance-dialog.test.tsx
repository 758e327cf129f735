// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TermsAcceptanceDialog } from './terms-acceptance-dialog.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** jsdom lays nothing out: the test says how tall the terms are and where they are scrolled to. */
function scrollTo(top: number, { height = 2000, view = 400 } = {}) {
  const box = screen.getByTestId('terms-acceptance-scroll');
  Object.defineProperty(box, 'scrollHeight', { configurable: true, value: height });
  Object.defineProperty(box, 'clientHeight', { configurable: true, value: view });
  Object.defineProperty(box, 'scrollTop', { configurable: true, writable: true, value: top });
  fireEvent.scroll(box);
}

function layOut({ height = 2000, view = 400 } = {}) {
  const box = screen.getByTestId('terms-acceptance-scroll');
  Object.defineProperty(box, 'scrollHeight', { configurable: true, value: height });
  Object.defineProperty(box, 'clientHeight', { configurable: true, value: view });
  Object.defineProperty(box, 'scrollTop', { configurable: true, writable: true, value: 0 });
}

const checkbox = () => screen.getByTestId('terms-accept-checkbox') as HTMLInputElement;
const accept = () => screen.getByRole('button', { name: 'Accept and Connect Wallet' }) as HTMLButtonElement;

function open(props: Partial<Parameters<typeof TermsAcceptanceDialog>[0]> = {}) {
  const onAccept = vi.fn();
  const onDecline = vi.fn();
  const view = render(<TermsAcceptanceDialog open onAccept={onAccept} onDecline={onDecline} {...props} />);
  layOut();
  act(() => vi.advanceTimersByTime(100));
  return { onAccept, onDecline, ...view };
}

describe('terms acceptance modal before wallet connection', () => {
  it('at first the checkbox and accept are disabled and the yellow scroll notice shows', () => {
    open();
    expect(checkbox().disabled).toBe(true);
    expect(accept().disabled).toBe(true);
    expect(screen.getByText(/please scroll to the bottom/i).className).toContain('yellow');
    expect(screen.queryByText(/reached the end/i)).toBeNull();
  });

  it('scrolled to 11 px from the end: still disabled; within 10 px: the checkbox enables, green notice', () => {
    open();
    scrollTo(2000 - 400 - 11);
    expect(checkbox().disabled).toBe(true);
    scrollTo(2000 - 400 - 10);
    expect(checkbox().disabled).toBe(false);
    expect(screen.getByText(/reached the end/i).className).toContain('green');
    expect(accept().disabled).toBe(true);
  });

  it('accept needs the end reached and the box ticked; it then accepts', () => {
    const { onAccept } = open();
    scrollTo(1600);
    fireEvent.click(checkbox());
    expect(accept().disabled).toBe(false);
    fireEvent.click(checkbox());
    expect(accept().disabled).toBe(true);
    fireEvent.click(checkbox());
    fireEvent.click(accept());
    expect(onAccept).toHaveBeenCalledTimes(1);
  });

  it('the scroll listener attaches after 100 ms: a scroll before that counts for nothing', () => {
    render(<TermsAcceptanceDialog open onAccept={vi.fn()} onDecline={vi.fn()} />);
    layOut();
    act(() => vi.advanceTimersByTime(99));
    scrollTo(1600);
    expect(checkbox().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    // At attach time the position is read once, so the end already in view counts.
    expect(checkbox().disabled).toBe(false);
  });

  it("'Decline' cancels connecting", () => {
    const { onDecline, onAccept } = open();
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onDecline).toHaveBeenCalledTimes(1);
    expect(onAccept).not.toHaveBeenCalled();
  });

  it('opening again resets both flags', () => {
    const { rerender } = open();
    scrollTo(1600);
    fireEvent.click(checkbox());
    expect(accept().disabled).toBe(false);
    rerender(<TermsAcceptanceDialog open={false} onAccept={vi.fn()} onDecline={vi.fn()} />);
    rerender(<TermsAcceptanceDialog open onAccept={vi.fn()} onDecline={vi.fn()} />);
    layOut();
    expect(checkbox().checked).toBe(false);
    expect(checkbox().disabled).toBe(true);
    expect(accept().disabled).toBe(true);
  });
});
