import { PRODUCT_NAME, PRODUCT_TAGLINE } from '../site.ts';

/** Title and tagline shown on every screen (SPEC §2). */
export function SiteHeader() {
  return (
    <header className="px-4 pt-5 pb-3 text-center sm:pt-8 sm:pb-4">
      <h1 className="font-bold font-retro text-3xl text-green-400 tracking-[0.2em] drop-shadow-[0_0_12px_rgba(74,222,128,0.7)] sm:text-5xl">
        {PRODUCT_NAME.toUpperCase()}
        <span className="ml-3 rounded border border-pink-400 px-2 py-0.5 align-middle text-pink-300 text-xs tracking-widest">
          BETA
        </span>
      </h1>
      <p className="mt-2 font-retro text-cyan-300 text-sm tracking-widest">{PRODUCT_TAGLINE}</p>
    </header>
  );
}
