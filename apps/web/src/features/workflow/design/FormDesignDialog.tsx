/**
 * 表单设计 of a process form: the low-code form designer (the one designer of spec 2, `features/lowcode`) over the
 * form row's `content`, full screen; 保存 writes the schema back (`design/form/submit`; the server keeps the old
 * version in the form's history).
 */
import type { LcFormConf } from '@swp/contract';
import { App, Button, Modal, Spin } from 'antd';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { designApi } from '../../../api/workflow';
import { normaliseConf } from '../../../components/form-render';
import { slot } from '../../registry';

/** The low-code form designer, lent by the low-code feature through the registry. */
const FormDesigner = slot<{
  value: LcFormConf;
  onChange(conf: LcFormConf): void;
  extra?: ReactNode;
  height?: number | string;
}>('lowcode/form-designer');

export function FormDesignDialog({ row, onClose }: { row: Row | null; onClose(saved: boolean): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [conf, setConf] = useState<LcFormConf | null>(null);
  const [full, setFull] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!row) {
      setConf(null);
      setFull(null);
      return;
    }
    let live = true;
    designApi.form
      .detail(String(row.id))
      .then((f) => {
        if (!live) return;
        const r = f ?? row;
        setFull(r);
        setConf(normaliseConf((r.content as LcFormConf | null) ?? { fields: [] }));
      })
      .catch(() => live && onClose(false));
    return () => {
      live = false;
    };
  }, [row, onClose]);

  const save = async () => {
    if (!full || !conf) return;
    setBusy(true);
    try {
      await designApi.form.submit({
        id: full.id,
        formKey: full.formKey,
        name: full.name,
        categoryId: full.categoryId ?? null,
        remark: full.remark ?? null,
        content: conf,
      });
      message.success(t('workflow.designer.saved'));
      onClose(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!row}
      title={`${t('workflow.design.designForm')} · ${row?.name ?? ''}`}
      width="100%"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      maskClosable={false}
      destroyOnHidden
      onCancel={() => onClose(false)}
      footer={null}
    >
      <div data-testid="wf-form-designer">
        {conf ? (
          <Suspense fallback={<Spin />}>
            <FormDesigner
              value={conf}
              onChange={setConf}
              height="calc(100vh - 160px)"
              extra={
                <Button type="primary" loading={busy} onClick={save} data-testid="wf-form-save">
                  {t('workflow.designer.save')}
                </Button>
              }
            />
          </Suspense>
        ) : (
          <Spin />
        )}
      </div>
    </Modal>
  );
}
