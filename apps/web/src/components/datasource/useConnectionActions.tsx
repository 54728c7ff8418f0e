/**
 * The row buttons of a data-source list: 测试连接 (tests the saved source by its id and says the outcome in a
 * message, the button spinning meanwhile) and 数据表 (hands the row to the screen's tables drawer). Shared by
 * 数据源管理 and 数据连接; returns the CrudPage `rowActions` renderer.
 */
import { ApiOutlined, TableOutlined } from '@ant-design/icons';
import type { Envelope } from '@swp/contract';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/crud';
import { RowButton } from '../crud/RowButton';
import { useTestAnswer } from './useTestAnswer';

export function useConnectionActions(test: (body: Row) => Promise<Envelope<unknown>>, browse: (row: Row) => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const answerOf = useTestAnswer();
  const [testing, setTesting] = useState<string>();

  const testRow = async (row: Row) => {
    setTesting(String(row.id));
    const answer = await answerOf(() => test({ id: row.id }));
    setTesting(undefined);
    if (answer.ok) message.success(answer.text);
    else message.error(answer.text);
  };

  return (row: Row) => (
    <>
      <RowButton icon={<ApiOutlined />} loading={testing === String(row.id)} onClick={() => void testRow(row)}>
        {t('connection.test')}
      </RowButton>
      <RowButton icon={<TableOutlined />} onClick={() => browse(row)}>
        {t('connection.tables')}
      </RowButton>
    </>
  );
}
