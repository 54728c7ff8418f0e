/**
 * 业务办理 (`/api/blade-business/business-handle`): choose a business (a design of `bis-group`, by group), then its
 * records in a paged list (the design's columns, else every value field of the form): fill in a new one in the
 * form (FormRender, the form's rules), view one, delete one.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { businessHandleApi } from '../../../api/lowcode';
import { serverPagination } from '../../../components/crud';
import { initialValues } from '../../../components/form-render';
import { usePermission } from '../../../stores/session';
import { BusinessRecordDialog, type RecordState } from './BusinessRecordDialog';
import { businessHandleColumns } from './businessHandleColumns';
import { useBusinessHandle } from './useBusinessHandle';

export default function BusinessHandlePage() {
  const { t } = useTranslation();
  const canAdd = usePermission('business_handle_add');
  const canView = usePermission('business_handle_view');
  const canDelete = usePermission('business_handle_delete');
  const { groups, designId, setDesignId, biz, rows, total, page, setPage, loading, load, remove } = useBusinessHandle();
  const [dialog, setDialog] = useState<RecordState | null>(null);

  const columns = businessHandleColumns({
    biz,
    t,
    canView,
    canDelete,
    view: async (row) => {
      const value = (await businessHandleApi.detail(biz!.formId, String(row.id))) ?? row;
      setDialog({ mode: 'view', value });
    },
    remove,
  });

  return (
    <div data-testid="business-handle-page">
      <Space wrap style={{ marginBottom: 12 }}>
        <span>{t('lowcode.biz.business')}</span>
        <Select
          aria-label={t('lowcode.biz.business')}
          style={{ width: 280 }}
          placeholder={t('lowcode.biz.pickDesign')}
          value={designId}
          onChange={setDesignId}
          showSearch
          optionFilterProp="label"
          options={groups.map((g) => ({
            label: g.groupName,
            title: g.groupName,
            options: g.designs.map((d) => ({ label: d.designName, value: String(d.id) })),
          }))}
        />
        {canAdd && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!biz}
            onClick={() => biz && setDialog({ mode: 'add', value: initialValues(biz.conf) })}
          >
            {t('crud.add')}
          </Button>
        )}
      </Space>
      <Table
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={{
          ...serverPagination(page, total, setPage),
          showTotal: (n) => t('lowcode.dynamic.total', { n }),
        }}
      />
      <BusinessRecordDialog biz={biz} dialog={dialog} onClose={() => setDialog(null)} onSaved={load} />
    </div>
  );
}
