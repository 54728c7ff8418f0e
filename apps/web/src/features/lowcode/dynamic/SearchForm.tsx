/** The dynamic list's search form: the list design's search fields as the form's controls, search and reset. */
import type { LcField } from '@swp/contract';
import { Button, Form, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldControl } from '../../../components/form-render';
import { searchQueryJson } from './cells';

interface Props {
  fields: LcField[];
  onQuery: (query: Record<string, unknown>) => void;
}

export function DynamicSearch({ fields, onQuery }: Props) {
  const { t } = useTranslation();
  const [search] = Form.useForm();
  return (
    <Form
      form={search}
      name="dynamicSearch"
      layout="inline"
      style={{ marginBottom: 12, rowGap: 8 }}
      onFinish={(v) => onQuery(searchQueryJson(fields, v))}
      data-testid="dynamic-search"
    >
      {fields.map((f) => (
        <Form.Item key={f.__vModel__} name={f.__vModel__} label={f.__config__.label} style={{ minWidth: 240 }}>
          {f.__config__.jnpfKey === 'calculate' ? (
            // a calculated field computes from the other inputs of a record; in the search it is a number
            // the user types, or it would search for the sum of the (empty) search inputs
            <InputNumber style={{ width: '100%' }} />
          ) : (
            <FieldControl field={{ ...f, disabled: false, __config__: { ...f.__config__ } }} />
          )}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('lowcode.dynamic.search')}
          </Button>
          <Button
            onClick={() => {
              search.resetFields();
              onQuery({});
            }}
          >
            {t('lowcode.dynamic.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
