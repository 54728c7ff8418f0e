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
      <InputNumber
        aria-label={t('widget.range.min')}
        placeholder={t('widget.range.min')}
        value={min}
        precision={precision}
        disabled={disabled}
        style={{ width: '50%' }}
        onChange={(v) => onChange?.(toNumericRange(v as number | null, max))}
      />
      <InputNumber
        aria-label={t('widget.range.max')}
        placeholder={t('widget.range.max')}
        value={max}
        precision={precision}
        disabled={disabled}
        style={{ width: '50%' }}
        onChange={(v) => onChange?.(toNumericRange(min, v as number | null))}
      />
    </Space.Compact>
  );
}
