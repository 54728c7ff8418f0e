/**
 * Calculated read-only field (spec 1 §2.12, §5; spec 2 §4): shows a value computed from a formula over other
 * fields, recomputed 500 ms after the inputs stop changing; NaN becomes 0 and a formula error counts as 0.
 * Optionally shows the amount in Chinese capitalised numerals below.
 */
import { Input, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { amountToChinese } from '../../lib/amount';
import { evaluateFormula, type FormulaToken, formulaFields } from '../../lib/formula';

export const CALC_DEBOUNCE_MS = 500;

export interface CalcFieldProps {
  formula: string | FormulaToken[];
  /** the form's values the formula reads */
  values: Record<string, unknown>;
  /** reports the computed value (to keep it in the form) */
  onChange?: (value: number) => void;
  /** decimals shown (default: as computed) */
  precision?: number;
  /** also show the amount in Chinese capitalised numerals */
  chinese?: boolean;
  id?: string;
  value?: unknown;
}

export function CalcField({ formula, values, onChange, precision, chinese, id }: CalcFieldProps) {
  const fields = useMemo(() => formulaFields(formula), [formula]);
  // only the fields the formula reads restart the debounce
  const signature = JSON.stringify(fields.map((f) => values[f] ?? null));
  const [result, setResult] = useState(() => evaluateFormula(formula, values));
  const latest = useRef({ formula, values, onChange });
  latest.current = { formula, values, onChange };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the fields the formula reads restart the debounce
  useEffect(() => {
    const timer = setTimeout(() => {
      const n = evaluateFormula(latest.current.formula, latest.current.values);
      const v = Number.isNaN(n) ? 0 : n;
      setResult(v);
      latest.current.onChange?.(v);
    }, CALC_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [signature, typeof formula === 'string' ? formula : JSON.stringify(formula)]);
  const text = precision === undefined ? String(result) : result.toFixed(precision);
  return (
    <div>
      <Input id={id} value={text} readOnly data-testid="calc-field" />
      {chinese && (
        <Typography.Text type="secondary" data-testid="calc-field-chinese">
          {amountToChinese(result)}
        </Typography.Text>
      )}
    </div>
  );
}
