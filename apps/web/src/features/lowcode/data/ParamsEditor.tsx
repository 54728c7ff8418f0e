/** The parameters of a SQL interface: name, label, type, default and required; 从 SQL 识别参数 adds the `@name`s of the SQL. */
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { emptyLocale } from '../../../components/crud';
import { type Param, withDetected } from './interfaces';
import { paramColumns } from './paramColumns';

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
  return (
    <div id={id} data-testid="di-params">
      <Table<Param>
        size="small"
        bordered
        rowKey={(p) => String(value.indexOf(p))}
        dataSource={value}
        pagination={false}
        locale={emptyLocale(t('lowcode.di.noParams'))}
        columns={paramColumns({ t, set, remove: (i) => onChange?.(value.filter((_x, j) => j !== i)) })}
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
