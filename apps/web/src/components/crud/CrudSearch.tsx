/** The search form of a CrudPage: the columns marked `search`; search drops empty values (see `searchQuery`). */
import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Space } from 'antd';
import { cloneElement, isValidElement, type ReactElement, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../api/crud';
import { FieldControl, searchQuery } from './fields';
import type { CrudColumn, Option } from './types';

export interface CrudSearchProps {
  columns: CrudColumn<any>[];
  options: Record<string, Option[]>;
  onSearch(query: Query): void;
}

export function CrudSearch({ columns, options, onSearch }: CrudSearchProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const name = `crud-search-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const run = () => onSearch(searchQuery(columns, form.getFieldsValue()));
  return (
    <Form
      form={form}
      name={name}
      layout="inline"
      className="crud-search"
      data-testid="crud-search"
      style={{ marginBottom: 12, rowGap: 8 }}
      onFinish={run}
    >
      {columns.map((c) => {
        const type = c.searchType ?? c.type ?? 'input';
        return (
          <Form.Item key={c.prop} name={c.prop} label={t(c.label)}>
            <SearchControl column={c} options={options[c.prop]} width={type === 'daterange' ? 360 : 200} />
          </Form.Item>
        );
      })}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('crud.search')}
          </Button>
          <Button
            icon={<ClearOutlined />}
            onClick={() => {
              form.resetFields();
              run();
            }}
          >
            {t('crud.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

function SearchControl(p: {
  column: CrudColumn;
  options?: Option[];
  width: number;
  value?: any;
  onChange?: (v: any) => void;
  id?: string;
}) {
  if (p.column.searchComponent) {
    const el = p.column.searchComponent();
    return (
      <div style={{ width: p.width }}>
        {isValidElement(el)
          ? cloneElement(el as ReactElement<any>, { id: p.id, value: p.value, onChange: p.onChange })
          : el}
      </div>
    );
  }
  return (
    <div style={{ width: p.width }}>
      <FieldControl
        column={p.column}
        options={p.options}
        search
        value={p.value}
        onChange={p.onChange}
        id={p.id}
        ctx={{ mode: 'search', form: undefined as any, disabled: false }}
      />
    </div>
  );
}
