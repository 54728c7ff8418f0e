/** Inputs for the declared parameters of an interface call (numbers as numbers, defaults as placeholders). */
import { Col, Form, Row as GridRow, Input, InputNumber } from 'antd';
import type { Param } from './interfaces';

export function ParamInputs({ params }: { params: Param[] }) {
  if (!params.length) return null;
  return (
    <GridRow gutter={16}>
      {params.map((p) => {
        const placeholder =
          p.defaultValue === undefined || p.defaultValue === null ? undefined : String(p.defaultValue);
        return (
          <Col span={12} key={p.field}>
            <Form.Item
              name={p.field}
              label={p.label ? `${p.label} (${p.field})` : p.field}
              required={p.required && placeholder === undefined}
            >
              {p.dataType === 'number' ? (
                <InputNumber placeholder={placeholder} style={{ width: '100%' }} />
              ) : (
                <Input placeholder={placeholder ?? (p.dataType === 'date' ? 'YYYY-MM-DD' : undefined)} allowClear />
              )}
            </Form.Item>
          </Col>
        );
      })}
    </GridRow>
  );
}
