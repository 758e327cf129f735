/** Any path the router does not know (SPEC §2 routes). */
export function NotFound() {
  return (
    <div className="mt-10 w-full max-w-md rounded-lg border-2 border-red-500/60 bg-slate-950/80 p-6 font-retro">
      <h2 className="font-bold text-2xl text-red-400">404 Page Not Found</h2>
      <p className="mt-4 text-slate-300 text-sm">Did you forget to add the page to the router?</p>
    </div>
  );
}
