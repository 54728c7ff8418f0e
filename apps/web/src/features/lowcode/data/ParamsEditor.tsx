/** The parameters of a SQL interface: name, label, type, default and required; 从 SQL 识别参数 adds the `@name`s of the SQL. */
import { DeleteOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Checkbox, Empty, Input, Select, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Param, withDetected } from './interfaces';

interface Props {
  id?: string;
  value?: Param[];
  onChange?: (v: Param[]) => void;
  /** the SQL whose parameters 从 SQL 识别参数 adds */
  sql: string;
}

export function ParamsEditor({ id, value = [], onChange, sql }: Props) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<Param>) => onChange?.(value.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const types = [
    { value: 'string', label: t('lowcode.di.typeString') },
    { value: 'number', label: t('lowcode.di.typeNumber') },
    { value: 'date', label: t('lowcode.di.typeDate') },
  ];
  return (
    <div id={id} data-testid="di-params">
      <Table<Param>
        size="small"
        bordered
        rowKey={(p) => String(value.indexOf(p))}
        dataSource={value}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('lowcode.di.noParams')} /> }}
        columns={[
          {
            title: t('lowcode.di.paramField'),
            key: 'field',
            render: (_v, p, i) => (
              <Input
                aria-label={t('lowcode.di.paramField')}
                value={p.field}
                onChange={(e) => set(i, { field: e.target.value })}
              />
            ),
          },
          {
            title: t('lowcode.di.paramLabel'),
            key: 'label',
            render: (_v, p, i) => (
              <Input
                aria-label={t('lowcode.di.paramLabel')}
                value={p.label}
                onChange={(e) => set(i, { label: e.target.value })}
              />
            ),
          },
          {
            title: t('lowcode.di.paramType'),
            key: 'dataType',
            width: 110,
            render: (_v, p, i) => (
              <Select
                aria-label={t('lowcode.di.paramType')}
                value={p.dataType ?? 'string'}
                options={types}
                onChange={(v) => set(i, { dataType: v })}
                style={{ width: '100%' }}
              />
            ),
          },
          {
            title: t('lowcode.di.paramDefault'),
            key: 'defaultValue',
            render: (_v, p, i) => (
              <Input
                aria-label={t('lowcode.di.paramDefault')}
                value={p.defaultValue === undefined || p.defaultValue === null ? '' : String(p.defaultValue)}
                onChange={(e) => set(i, { defaultValue: e.target.value })}
              />
            ),
          },
          {
            title: t('lowcode.di.paramRequired'),
            key: 'required',
            width: 70,
            align: 'center',
            render: (_v, p, i) => (
              <Checkbox
                aria-label={t('lowcode.di.paramRequired')}
                checked={!!p.required}
                onChange={(e) => set(i, { required: e.target.checked })}
              />
            ),
          },
          {
            title: '',
            key: 'x',
            width: 50,
            render: (_v, _p, i) => (
              <Button
                type="text"
                danger
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('crud.remove')}
                onClick={() => onChange?.(value.filter((_x, j) => j !== i))}
              />
            ),
          },
        ]}
      />
      <Space style={{ marginTop: 8 }}>
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => onChange?.([...value, { field: '', dataType: 'string' }])}
        >
          {t('lowcode.di.addParam')}
        </Button>
        <Button
          size="small"
          icon={<SearchOutlined />}
          disabled={!sql.trim()}
          onClick={() => onChange?.(withDetected(value, sql))}
        >
          {t('lowcode.di.detectParams')}
        </Button>
      </Space>
    </div>
  );
}
