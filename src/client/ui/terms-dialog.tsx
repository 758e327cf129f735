import * as Dialog from '@radix-ui/react-dialog';
import { TERMS_LAST_UPDATED } from '../site.ts';
import { TERMS_SECTIONS } from './terms-sections.tsx';

/** The scrollable dialog the footer's 'Terms of Service' link opens (SPEC §2); closing it calls `onClose`. */
export function TermsDialog({ onClose }: { onClose(): void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/80" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[85vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg border-2 border-cyan-400/60 bg-slate-950 font-retro text-slate-200 shadow-xl shadow-cyan-500/20">
          <div className="border-cyan-400/30 border-b p-5">
            <Dialog.Title className="font-bold text-cyan-300 text-xl tracking-wider">
              Terms of Service
            </Dialog.Title>
            <Dialog.Description className="mt-1 text-slate-400 text-sm">
              {`Last Updated: ${TERMS_LAST_UPDATED}`}
            </Dialog.Description>
          </div>
          <div
            className="flex-1 space-y-4 overflow-y-auto p-5 text-sm leading-relaxed"
            data-testid="terms-scroll"
          >
            {TERMS_SECTIONS.map((section) => (
              <section key={section.number} aria-labelledby={`terms-section-${section.number}`}>
                <h3 id={`terms-section-${section.number}`} className="mb-1 font-bold text-green-300">
                  {section.number}. {section.title}
                </h3>
                <div>{section.body}</div>
              </section>
            ))}
          </div>
          <div className="flex justify-end border-cyan-400/30 border-t p-4">
            <Dialog.Close className="rounded bg-green-500 px-6 py-2 font-bold text-slate-950 hover:bg-green-400">
              I Agree
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
