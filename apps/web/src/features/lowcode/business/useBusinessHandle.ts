/**
 * 业务办理's state and calls: the businesses by group, the chosen business (its form and list columns: the
 * design's columns, else every value field of the form), its records page by page, and deleting one.
 */
import type { LcFormConf } from '@swp/contract';
import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { businessDesignApi, businessHandleApi } from '../../../api/lowcode';
import { normaliseConf, valueFields } from '../../../components/form-render';
import { parseColumnData } from '../modules/listDesign';

export interface Group {
  groupName: string;
  designs: { id: string; designName: string; formId: string }[];
}
export interface Business {
  formId: string;
  conf: LcFormConf;
  columns: { prop: string; label: string }[];
}

export function useBusinessHandle() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [groups, setGroups] = useState<Group[]>([]);
  const [designId, setDesignId] = useState<string>();
  const [biz, setBiz] = useState<Business | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    businessDesignApi.bisGroup().then((g) => setGroups(Array.isArray(g) ? g : []));
  }, []);

  useEffect(() => {
    setBiz(null);
    setRows([]);
    setTotal(0);
    setPage((p) => ({ ...p, current: 1 }));
    if (!designId) return;
    let live = true;
    businessDesignApi.preview(designId).then((d) => {
      if (!live || !d) return;
      const conf = normaliseConf(d.formData);
      const design = parseColumnData(d.columnData, conf);
      const columns = design.columnList.length
        ? design.columnList.map((c) => ({ prop: c.prop, label: c.label }))
        : valueFields(conf.fields).map((f) => ({ prop: f.__vModel__!, label: f.__config__.label ?? f.__vModel__! }));
      setBiz({ formId: String(d.formId), conf, columns });
    });
    return () => {
      live = false;
    };
  }, [designId]);

  const load = useCallback(async () => {
    if (!biz) return;
    setLoading(true);
    try {
      const r = await businessHandleApi.list(biz.formId, { current: page.current, size: page.size });
      setRows(r?.records ?? []);
      setTotal(Number(r?.total ?? 0));
    } finally {
      setLoading(false);
    }
  }, [biz, page]);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = (row: Row) =>
    modal.confirm({
      title: t('common.confirmTitle'),
      content: t('lowcode.dynamic.confirmRemove'),
      onOk: async () => {
        await businessHandleApi.remove(biz!.formId, [String(row.id)]);
        message.success(t('lowcode.dynamic.removed'));
        await load();
      },
    });

  return { groups, designId, setDesignId, biz, rows, total, page, setPage, loading, load, remove };
}
