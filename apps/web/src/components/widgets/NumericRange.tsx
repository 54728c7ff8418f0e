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
  return (
    <Space.Compact style={{ width: '100%' }} id={id}>
      {(['min', 'max'] as const).map((end) => (
        <InputNumber
          key={end}
          aria-label={t(`widget.range.${end}`)}
          placeholder={t(`widget.range.${end}`)}
          value={end === 'min' ? min : max}
          precision={precision}
          disabled={disabled}
          style={{ width: '50%' }}
          onChange={(v) => {
            const n = v as number | null;
            onChange?.(end === 'min' ? toNumericRange(n, max) : toNumericRange(min, n));
          }}
        />
      ))}
    </Space.Compact>
  );
}
