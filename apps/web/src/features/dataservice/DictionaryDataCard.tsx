/**
 * The right card of the dictionaries: the chosen type's data in the CRUD table (a tree when the type is a tree):
 * add, edit, view, delete, enable/disable, and export of the type as a file.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row as Rec } from '../../api/crud';
import { fileNameOf, http } from '../../api/http';
import { dictionaryDataApi } from '../../api/jnpf';
import { type CrudHandle, CrudPage } from '../../components/crud';
import { saveBlob } from '../../lib/download';
import { dictionaryDataColumns } from './dictionaryDataColumns';
import type { TypeNode } from './dictionaryTypes';

export function DictionaryDataCard({ current }: { current: TypeNode | null }) {
  const { t } = useTranslation();
  const handle = useRef<CrudHandle | null>(null);

  const dataApi = useMemo(
    () => ({
      key: `/api/system/DictionaryData/${current?.id ?? ''}`,
      page: async (q: Rec) =>
        current
          ? ((await dictionaryDataApi.list(current.id, q.keyword ? { keyword: q.keyword } : undefined))?.list ?? [])
          : [],
      detail: (id: string) => dictionaryDataApi.info(id),
      submit: (row: Rec) => (row.id ? dictionaryDataApi.update(row.id, row) : dictionaryDataApi.create(row)),
      remove: async (ids: string[]) => {
        for (const id of ids) await dictionaryDataApi.remove(id);
      },
    }),
    [current],
  );

  const columns = useMemo(() => dictionaryDataColumns(t, current, () => handle.current?.reload()), [current, t]);

  return (
    <Card
      size="small"
      title={current ? `${current.fullName} (${current.enCode})` : t('jdict.data')}
      data-testid="jdict-data"
    >
      {current ? (
        <CrudPage
          key={current.id}
          api={dataApi}
          columns={columns}
          title="jdict.data"
          permission="dictionary"
          paged={false}
          tree={current.isTree === 1}
          handleRef={handle}
          defaults={{ dictionaryTypeId: current.id }}
          beforeSubmit={(v) => ({ ...v, dictionaryTypeId: current.id, parentId: v.parentId ?? '0' })}
          toolbar={() => (
            <Button
              icon={<DownloadOutlined />}
              onClick={async () => {
                const res = await http.raw('GET', dictionaryDataApi.exportUrl(current.id));
                saveBlob(
                  await res.blob(),
                  fileNameOf(res.headers.get('content-disposition')) ?? `${current.enCode}.json`,
                );
              }}
            >
              {t('jdict.export')}
            </Button>
          )}
        />
      ) : (
        <Empty description={t('jdict.chooseType')} />
      )}
    </Card>
  );
}
