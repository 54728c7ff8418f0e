/**
 * Amount in Chinese capitalised numerals (大写金额), spec 1 §5 / spec 2 §5:
 * - negative or non-numeric input → '' ;
 * - more than 12 integer digits → '金额过大无法计算' (AMOUNT_TOO_LARGE);
 * - up to four decimals: 角 分 厘 毫 (further digits are dropped, not rounded);
 * - an amount with no fractional part ends in 整.
 */
export const AMOUNT_TOO_LARGE = '金额过大无法计算';

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const SMALL = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿'];
const FRACTIONS = ['角', '分', '厘', '毫'];

/** Plain decimal text of the input, or undefined when it is not a non-negative number. */
function decimalText(value: unknown): string | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return undefined;
    return /e/i.test(String(value))
      ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
      : String(value);
  }
  if (typeof value !== 'string') return undefined;
  const s = value.trim().replace(/^\+/, '');
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(s)) return undefined;
  return s;
}

/** Reads one group of up to four digits ("0305" → 叁佰零伍), without the leading zero. */
function readGroup(group: string): string {
  let out = '';
  let pendingZero = false;
  for (let i = 0; i < group.length; i++) {
    const d = Number(group[i]);
    const unit = SMALL[group.length - 1 - i];
    if (d === 0) {
      if (out) pendingZero = true;
      continue;
    }
    if (pendingZero) out += DIGITS[0];
    pendingZero = false;
    out += DIGITS[d] + unit;
  }
  return out;
}

export function amountToChinese(value: unknown): string {
  const text = decimalText(value);
  if (text === undefined) return '';
  const [rawInt, rawFrac = ''] = text.split('.');
  const integer = rawInt.replace(/^0+(?=\d)/, '') || '0';
  if (integer.length > 12) return AMOUNT_TOO_LARGE;
  const fraction = rawFrac.slice(0, 4).replace(/0+$/, '');

  let intPart = '';
  if (integer !== '0') {
    // groups of four from the right: 亿 | 万 | units
    const groups: string[] = [];
    for (let end = integer.length; end > 0; end -= 4) groups.unshift(integer.slice(Math.max(0, end - 4), end));
    let needZero = false;
    groups.forEach((g, idx) => {
      const unit = GROUPS[groups.length - 1 - idx];
      if (/^0+$/.test(g)) {
        if (intPart) needZero = true;
        return;
      }
      if (intPart && (needZero || g[0] === '0')) intPart += DIGITS[0];
      needZero = false;
      intPart += readGroup(g) + unit;
    });
    intPart += '元';
  }

  if (!fraction) return intPart ? `${intPart}整` : '零元整';

  let fracPart = '';
  let pendingZero = intPart !== '' && integer.endsWith('0');
  for (let i = 0; i < fraction.length; i++) {
    const d = Number(fraction[i]);
    if (d === 0) {
      if (fracPart || intPart) pendingZero = true;
      continue;
    }
    if (pendingZero) fracPart += DIGITS[0];
    pendingZero = false;
    fracPart += DIGITS[d] + FRACTIONS[i];
  }
  return intPart + fracPart;
}
