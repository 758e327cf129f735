/** One filter of a list: 'All' (the empty value) or one of `options`, each shown as `optionText` words it. */
export function FilterSelect({
  label,
  value,
  options,
  optionText = (option) => option,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly string[];
  optionText?: (option: string) => string;
  onChange(value: string): void;
}) {
  return (
    <label className="flex items-center gap-2">
      {label}
      <select
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="max-w-[11rem] rounded border border-slate-600 bg-slate-900 px-2 py-1 text-slate-100"
      >
        <option value="">All</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {optionText(o)}
          </option>
        ))}
      </select>
    </label>
  );
}
