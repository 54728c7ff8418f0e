/** An amount input that shows the amount in Chinese capitalised numerals under it (spec 1 §5). */
import { InputNumber, Typography } from 'antd';
import { amountToChinese } from '../../lib/amount';

export interface AmountInputProps {
  value?: number | null;
  onChange?: (v: number | null) => void;
  /** up to four decimals */
  precision?: number;
  disabled?: boolean;
  id?: string;
}

export function AmountInput({ value, onChange, precision = 2, disabled, id }: AmountInputProps) {
  return (
    <div>
      <InputNumber
        id={id}
        value={value}
        onChange={(v) => onChange?.(v as number | null)}
        precision={Math.min(4, precision)}
        disabled={disabled}
        style={{ width: '100%' }}
      />
      <Typography.Text type="secondary" data-testid="amount-chinese">
        {amountToChinese(value ?? '')}
      </Typography.Text>
    </div>
  );
}
