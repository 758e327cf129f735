/** SPEC §9: the end of the terms counts as reached within 10 px of the bottom. */
export const TERMS_END_THRESHOLD_PX = 10;
/** SPEC §9: the scroll listener attaches 100 ms after the modal opens (its content is laid out by then). */
export const TERMS_LISTENER_DELAY_MS = 100;

/** SPEC §2/§5: reached when the scrolled-to bottom is within 10 px of the content's end. */
export function reachedTermsEnd(box: {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= TERMS_END_THRESHOLD_PX;
}

/** SPEC §5: accept is enabled only when the end was reached and the box is ticked. */
export function canAcceptTerms(flags: { reachedEnd: boolean; agreed: boolean }): boolean {
  return flags.reachedEnd && flags.agreed;
}
