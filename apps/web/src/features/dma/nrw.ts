/** Colour of a zone by its NRW rate (%): the national target is a loss rate ≤ 9 %; over 20 % is poor. */
export const NRW_BANDS = [
  { max: 10, color: '#52c41a' },
  { max: 20, color: '#faad14' },
  { max: 30, color: '#fa541c' },
  { max: Number.POSITIVE_INFINITY, color: '#cf1322' },
];

export function nrwColor(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return '#bfbfbf';
  return (NRW_BANDS.find((b) => rate < b.max) ?? NRW_BANDS[NRW_BANDS.length - 1]).color;
}

export const thisMonth = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};
