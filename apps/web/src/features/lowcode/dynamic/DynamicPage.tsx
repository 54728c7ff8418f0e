/**
 * The list page generated from an online module (`/dynamic/index?id=` and `/dynamic?id=`, spec 1 §2.1, spec 2
 * §2): columns, search fields and buttons from the module's list design; add, edit and view in the module's
 * form (FormRender, with its form script's hooks); delete, batch delete, export (xlsx), template download and
 * import with a row-by-row error report. Buttons follow the module menu's button codes `lc_<id>_<op>`.
 */
import type { LcField, LcImportReport } from '@swp/contract';
import { Empty, Result, Spin, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Row } from '../../../api/crud';
import { serverPagination } from '../../../components/crud';
import { normaliseConf, valueFields } from '../../../components/form-render';
import { hasButton, parseColumnData } from '../modules/listDesign';
import { dynamicColumns } from './columns';
import { ImportReport } from './ImportReport';
import { type Mode, RecordDialog } from './RecordDialog';
import { DynamicSearch } from './SearchForm';
import { DynamicToolbar } from './Toolbar';
import { useDynamicList } from './useDynamicList';
import { useModule } from './useModule';
import { useModuleCan } from './useModuleCan';

export default function DynamicPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const moduleId = params.get('id');
  const { module, error } = useModule(moduleId);
  const conf = useMemo(() => normaliseConf(module?.formData ?? ''), [module]);
  const columnData = useMemo(() => parseColumnData(module?.columnData, conf), [module, conf]);
  const byModel = useMemo(() => new Map(valueFields(conf.fields).map((f) => [f.__vModel__!, f])), [conf]);
  const can = useModuleCan(moduleId);
  const list = useDynamicList(moduleId, module, columnData);
  const { page, data, selected } = list;
  const [dialog, setDialog] = useState<{ mode: Mode; id?: string } | null>(null);
  const [report, setReport] = useState<LcImportReport | null>(null);

  if (!moduleId || error)
    return <Result status="404" title={t('lowcode.dynamic.noModule')} data-testid="dynamic-missing" />;
  if (!module) return <Spin style={{ display: 'block', margin: 48 }} />;

  const columns = dynamicColumns({
    columnData,
    byModel,
    can,
    t,
    open: (mode, id) => setDialog({ mode, id }),
    remove: list.removeRows,
  });
  const searchFields = columnData.searchList.map((s) => byModel.get(s.prop)).filter((f): f is LcField => !!f);

  return (
    <div data-testid="dynamic-page">
      {searchFields.length > 0 && <DynamicSearch fields={searchFields} onQuery={list.applyQuery} />}
      <DynamicToolbar
        moduleId={moduleId}
        columnData={columnData}
        can={can}
        listQuery={list.listQuery}
        onAdd={() => setDialog({ mode: 'add' })}
        onBatchRemove={() => list.removeRows(selected)}
        onImported={() => void list.load()}
        onReport={setReport}
      />
      <Table<Row>
        rowKey="id"
        size="middle"
        loading={list.loading}
        dataSource={data.list}
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('lowcode.dynamic.empty')} /> }}
        rowSelection={
          hasButton(columnData, 'batchRemove')
            ? { selectedRowKeys: selected, onChange: (k) => list.setSelected(k.map(String)) }
            : undefined
        }
        pagination={
          columnData.hasPage === false
            ? false
            : {
                ...serverPagination(page, data.total, list.setPage),
                showSizeChanger: true,
                pageSizeOptions: [10, 20, 30, 50, 100],
                showTotal: (n) => t('lowcode.dynamic.total', { n }),
              }
        }
      />
      <RecordDialog
        moduleId={moduleId}
        conf={conf}
        state={dialog}
        onClose={(saved) => {
          setDialog(null);
          if (saved) void list.load();
        }}
      />
      <ImportReport report={report} onClose={() => setReport(null)} />
    </div>
  );
}
