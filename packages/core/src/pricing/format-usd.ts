/**
 * US dollars for people: cents from a dollar up (`$12.34`, `$1,234.50`), and below it two
 * significant digits with at least two decimals (`$0.50`, `$0.021`, `$0.0021`,
 * `$0.0000041`), since one model call often costs a fraction of a cent. Below a millionth,
 * `<$0.000001`. The one rule for the run log's step lines (node-results.ts) and the web app.
 */
export function formatUsd(usd: number): string {
  if (!Number.isFinite(usd)) return '—';
  if (usd < 0) return `-${formatUsd(-usd)}`;
  if (usd === 0) return '$0.00';
  if (usd >= 1) return `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  if (usd < 0.0000001) return '<$0.0000001';
  const decimals = Math.min(8, Math.max(2, Math.ceil(-Math.log10(usd)) + 1));
  const fixed = usd.toFixed(decimals);
  // 0.0999 rounds to "0.100": the trailing zeros past the cents say nothing.
  return `$${fixed.replace(/(\.\d\d\d*?)0+$/, '$1')}`;
}
