import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { TERMS_LAST_UPDATED } from '../site.ts';
import { TERMS_SECTIONS } from '../ui/terms-sections.tsx';
import { canAcceptTerms, reachedTermsEnd, TERMS_LISTENER_DELAY_MS } from './terms-acceptance.ts';

export interface TermsAcceptanceDialogProps {
  open: boolean;
  onAccept(): void;
  /** 'Decline', Escape or the backdrop: the connection is cancelled. */
  onDecline(): void;
}

/**
 * SPEC §2 "Terms of Service acceptance modal (before wallet connection)": the terms must be scrolled to
 * within 10 px of the end before the checkbox can be ticked, and ticked before 'Accept and Connect Wallet'.
 * Both flags start false at every opening (SPEC §2) and are never stored (SPEC §3: cleared on app load).
 */
export function TermsAcceptanceDialog({ open, onAccept, onDecline }: TermsAcceptanceDialogProps) {
  const [reachedEnd, setReachedEnd] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const scrollRef = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    if (!open) return;
    setReachedEnd(false);
    setAgreed(false);
    let box: HTMLDivElement | null = null;
    const onScroll = () => {
      if (box && reachedTermsEnd(box)) setReachedEnd(true);
    };
    const timer = setTimeout(() => {
      box = scrollRef.current;
      if (!box) return;
      box.addEventListener('scroll', onScroll, { passive: true });
      // A window tall enough to show everything has nothing to scroll: the end is already in view.
      onScroll();
    }, TERMS_LISTENER_DELAY_MS);
    return () => {
      clearTimeout(timer);
      box?.removeEventListener('scroll', onScroll);
    };
  }, [open]);

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onDecline())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/80" />
        <Dialog.Content
          data-testid="terms-acceptance-dialog"
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg border-2 border-cyan-400/60 bg-slate-950 font-retro text-slate-200 shadow-cyan-500/20 shadow-xl"
        >
          <div className="border-cyan-400/30 border-b p-5">
            <Dialog.Title className="font-bold text-cyan-300 text-xl tracking-wider">
              Terms of Service
            </Dialog.Title>
            <Dialog.Description className="mt-1 text-slate-400 text-sm">
              {`Last Updated: ${TERMS_LAST_UPDATED}. Please read and accept the terms before connecting your wallet.`}
            </Dialog.Description>
          </div>
          <div
            ref={scrollRef}
            data-testid="terms-acceptance-scroll"
            className="flex-1 space-y-4 overflow-y-auto p-5 text-sm leading-relaxed"
          >
            {TERMS_SECTIONS.map((section) => (
              <section key={section.number}>
                <h3 className="mb-1 font-bold text-green-300">
                  {section.number}. {section.title}
                </h3>
                <div>{section.body}</div>
              </section>
            ))}
          </div>
          <div className="space-y-3 border-cyan-400/30 border-t p-4">
            {reachedEnd ? (
              <p
                role="status"
                className="rounded border border-green-500/60 bg-green-950/60 px-3 py-2 text-green-300 text-sm"
              >
                ✓ You have reached the end of the terms.
              </p>
            ) : (
              <p
                role="status"
                className="rounded border border-yellow-500/60 bg-yellow-950/60 px-3 py-2 text-sm text-yellow-300"
              >
                Please scroll to the bottom to read all the terms before accepting.
              </p>
            )}
            <label
              className={`flex items-start gap-2 text-sm ${reachedEnd ? 'text-slate-200' : 'text-slate-500'}`}
            >
              <input
                type="checkbox"
                data-testid="terms-accept-checkbox"
                className="mt-1 h-4 w-4 accent-green-500"
                checked={agreed}
                disabled={!reachedEnd}
                onChange={(event) => setAgreed(event.target.checked)}
              />
              <span>
                I have read and agree to the Terms of Service, and I confirm I am at least 18 years old.
              </span>
            </label>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <button
                type="button"
                data-testid="terms-decline-button"
                className="rounded border-2 border-slate-600 px-5 py-2 text-slate-300 hover:border-slate-400"
                onClick={onDecline}
              >
                Decline
              </button>
              <button
                type="button"
                data-testid="terms-accept-button"
                className="rounded bg-green-500 px-5 py-2 font-bold text-slate-950 hover:bg-green-400 disabled:cursor-not-allowed disabled:opacity-40"
                disabled={!canAcceptTerms({ reachedEnd, agreed })}
                onClick={onAccept}
              >
                Accept and Connect Wallet
              </button>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
