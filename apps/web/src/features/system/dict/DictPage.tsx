/**
 * Dictionaries (spec 1 §2.9, §5): a parent table (the dictionaries) and a child table (the entries of the chosen
 * dictionary, as a tree), each with search, index, selection and view; columns code, dictValue, sort, isSealed,
 * remark, the child also parentId and dictKey. Laid out side by side (horizontal) or one above the other
 * (vertical). Validation: 请输入字典编号, 请输入字典名称, 请输入字典排序, 请选择封存; the child's parent is optional.
 */
import { SettingOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Row, Segmented } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DictRow, dictApi, dictBizApi } from '../../../api/system';
import { CrudPage, RowButton } from '../../../components/crud';
import { childColumns, type DictFamily, parentColumns } from './columns';

export type { DictFamily };
export type DictLayout = 'horizontal' | 'vertical';

export function DictScreen({ family, layout }: { family: DictFamily; layout: DictLayout }) {
  const { t } = useTranslation();
  const api = family === 'dict' ? dictApi : dictBizApi;
  const permission = family === 'dict' ? 'dict' : 'dictbiz';
  const [parent, setParent] = useState<DictRow | null>(null);
  const parentApi = useMemo(() => ({ ...api, page: api.parentList }), [api]);
  const childApi = useMemo(() => ({ ...api, key: `${api.key}/child`, page: api.childList }), [api]);
  const cols = useMemo(() => (parent ? childColumns(family, parent) : []), [family, parent]);

  const parentTable = (
    <Card size="small" title={t('dict.parentTitle')} data-testid="dict-parent">
      <CrudPage<DictRow>
        api={parentApi}
        columns={parentColumns}
        title="dict.parentTitle"
        permission={permission}
        defaults={{ parentId: '0' } as Partial<DictRow>}
        onRowClick={setParent}
        activeRowKey={parent?.id}
        actionWidth={330}
        rowActions={(row) => (
          <RowButton icon={<SettingOutlined />} onClick={() => setParent(row)}>
            {t('dict.config')}
          </RowButton>
        )}
        afterSave={() => setParent((p) => p)}
      />
    </Card>
  );
  const childTable = (
    <Card
      size="small"
      title={parent ? `${t('dict.childTitle')}：${parent.dictValue}（${parent.code}）` : t('dict.childTitle')}
      data-testid="dict-child"
    >
      {parent ? (
        <CrudPage<DictRow>
          key={parent.id}
          api={childApi}
          columns={cols}
          title="dict.childTitle"
          permission={permission}
          query={{ parentId: parent.id }}
          defaults={{ parentId: parent.id, code: parent.code } as Partial<DictRow>}
          tree
        />
      ) : (
        <Empty description={t('dict.chooseParent')} />
      )}
    </Card>
  );
  return layout === 'horizontal' ? (
    <Row gutter={12}>
      <Col xs={24} xl={12}>
        {parentTable}
      </Col>
      <Col xs={24} xl={12}>
        {childTable}
      </Col>
    </Row>
  ) : (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {parentTable}
      {childTable}
    </div>
  );
}

/** /dict-horizontal/index and /dict-vertical/index: both families, switched by a segmented control. */
export function DictLayoutPage({ layout }: { layout: DictLayout }) {
  const { t } = useTranslation();
  const [family, setFamily] = useState<DictFamily>('dict');
  return (
    <div>
      <Segmented
        style={{ marginBottom: 12 }}
        value={family}
        onChange={(v) => setFamily(v as DictFamily)}
        options={[
          { value: 'dict', label: t('dict.system') },
          { value: 'dict-biz', label: t('dict.biz') },
        ]}
      />
      <DictScreen key={family} family={family} layout={layout} />
    </div>
  );
}
