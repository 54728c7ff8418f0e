/** The formula editor of the `calculate` key. */
import { Button, Input, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { numericRefs } from '../model';
import { type FieldsProps, setTop } from './patch';

/** The formula editor: field references, numbers and + - × ÷ ( ) as tokens. */
export function ExpressionEditor({ field: f, fields, onChange }: FieldsProps) {
  const { t } = useTranslation();
  const expr = f.expression ?? [];
  const refs = numericRefs(fields, f.__vModel__);
  const [num, setNum] = useState<number | null>(null);
  const set = (next: typeof expr) => onChange(setTop('expression', next));
  const text = expr
    .map((x) =>
      typeof x === 'object'
        ? `{${refs.find((r) => r.value === (x.__vModel__ ?? x.field))?.label ?? x.__vModel__ ?? x.field}}`
        : String(x),
    )
    .join(' ');
  return (
    <div data-testid="expression-editor">
      <Input.TextArea readOnly value={text} rows={2} aria-label={t('lowcode.props.formula')} />
      <Space wrap style={{ marginTop: 4 }}>
        <Select
          size="small"
          style={{ width: 180 }}
          placeholder={t('lowcode.props.addFieldRef')}
          aria-label={t('lowcode.props.addFieldRef')}
          options={refs}
          value={null}
          onChange={(v) => v && set([...expr, { __vModel__: v }])}
        />
        {['+', '-', '*', '/', '(', ')'].map((op) => (
          <Button key={op} size="small" onClick={() => set([...expr, op])}>
            {op === '*' ? '×' : op === '/' ? '÷' : op}
          </Button>
        ))}
        <Space.Compact size="small">
          <InputNumber size="small" value={num} onChange={(v) => setNum(v)} aria-label={t('lowcode.props.number')} />
          <Button
            size="small"
            disabled={num === null}
            onClick={() => {
              if (num === null) return;
              set([...expr, String(num)]);
              setNum(null);
            }}
          >
            {t('lowcode.props.addNumber')}
          </Button>
        </Space.Compact>
        <Button size="small" onClick={() => set(expr.slice(0, -1))} disabled={!expr.length}>
          {t('lowcode.props.backspace')}
        </Button>
        <Button size="small" danger onClick={() => set([])} disabled={!expr.length}>
          {t('lowcode.props.clearFormula')}
        </Button>
      </Space>
    </div>
  );
}
