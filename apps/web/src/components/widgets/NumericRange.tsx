/** Numeric range pair (min, max): the value is [] when both ends are empty, else [min, max] (spec 1 §2.12). */
import { InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { fromNumericRange, type NumericRange as Range, toNumericRange } from '../../lib/numericRange';

export interface NumericRangeProps {
  value?: Range | (number | null)[];
  onChange?: (value: Range) => void;
  precision?: number;
  disabled?: boolean;
  id?: string;
}

export function NumericRange({ value, onChange, precision, disabled, id }: NumericRangeProps) {
  const { t } = useTranslation();
  const [min, max] = fromNumericRange(value);
  /** one end of the range, its label also its placeholder; `range` makes the new value with the other end kept */
  const end = (label: string, v: number | null, range: (v: number | null) => Range) => (
    <InputNumber
      aria-label={label}
      placeholder={label}
      value={v}
      precision={precision}
      disabled={disabled}
      style={{ width: '50%' }}
      onChange={(n) => onChange?.(range(n as number | null))}
    />
  );
  return (
    <Space.Compact style={{ width: '100%' }} id={id}>
      {end(t('widget.range.min'), min, (n) => toNumericRange(n, max))}
      {end(t('widget.range.max'), max, (n) => toNumericRange(min, n))}
    </Space.Compact>
  );
}
