/**
 * A data-source list: the CrudPage with 测试连接 in its dialog and on each row, the 数据表 row button and the
 * screen's tables drawer. Shared by 数据源管理 and 数据连接, which differ in columns, test fields, bodies and drawer.
 */
import type { Envelope } from '@swp/contract';
import { type ComponentType, useState } from 'react';
import type { CrudApi, Row } from '../../api/crud';
import { CrudPage, type CrudPageProps } from '../crud';
import { TestConnection } from './TestConnection';
import { useConnectionActions } from './useConnectionActions';

export interface DataSourceScreenProps {
  api: CrudApi<Row>;
  columns: CrudPageProps<Row>['columns'];
  title: string;
  permission: string;
  testId: string;
  beforeSubmit?: CrudPageProps<Row>['beforeSubmit'];
  /** sends a connection test (a saved row's or the dialog's body) */
  test(body: Row): Promise<Envelope<unknown>>;
  /** the fields the dialog's 测试连接 checks before it sends them */
  testFields: string[];
  /** the dialog's values as a test body; an edited source sends its id, so its stored password is used */
  testBody(values: Row, id?: string): Row;
  TablesDrawer: ComponentType<{ source: Row | null; onClose(): void }>;
}

export function DataSourceScreen({ test, testFields, testBody, TablesDrawer, ...page }: DataSourceScreenProps) {
  const [browsing, setBrowsing] = useState<Row | null>(null);
  const rowActions = useConnectionActions(test, setBrowsing);
  return (
    <>
      <CrudPage
        {...page}
        dialogWidth={760}
        actionWidth={400}
        dialogExtra={(mode, form, row) =>
          mode === 'view' ? null : (
            <TestConnection form={form} fields={testFields} send={(values) => test(testBody(values, row?.id))} />
          )
        }
        rowActions={rowActions}
      />
      <TablesDrawer source={browsing} onClose={() => setBrowsing(null)} />
    </>
  );
}
