/**
 * The module editor's state and calls: on opening, a blank module or the one read (its basic information, form
 * and list design); saving checks the basic information and the form's duplicate field names first, and shows
 * the tab with the problem.
 */
import type { LcColumnData, LcFormConf, LcModule } from '@swp/contract';
import { App, Form } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visualDevApi } from '../../../api/lowcode';
import { normaliseConf } from '../../../components/form-render';
import { duplicateModels } from '../designer/model';
import { defaultColumnData, parseColumnData } from './listDesign';
import type { ModuleEditorProps } from './ModuleEditor';

export function useModuleEditor({ id, open, onClose }: ModuleEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [base] = Form.useForm();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [formConf, setFormConf] = useState<LcFormConf>({ fields: [], labelWidth: 100, gutter: 15 });
  const [columns, setColumns] = useState<LcColumnData | null>(null);
  const [tab, setTab] = useState('base');
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!open) return;
    setTab('base');
    base.resetFields();
    if (!id) {
      setFormConf({ fields: [], labelWidth: 100, gutter: 15 });
      setColumns(null);
      setVersion((v) => v + 1);
      return;
    }
    setLoading(true);
    visualDevApi
      .info(id)
      .then((m) => {
        const conf = normaliseConf(m.formData ?? '');
        base.setFieldsValue({
          fullName: m.fullName,
          enName: m.enName ?? '',
          enCode: m.enCode,
          category: m.category,
          description: m.description,
          sortCode: m.sortCode ?? 0,
        });
        setFormConf(conf);
        setColumns(m.columnData ? parseColumnData(m.columnData, conf) : null);
        setVersion((v) => v + 1);
      })
      .finally(() => setLoading(false));
  }, [open, id, base]);

  const list = useMemo(() => columns ?? defaultColumnData(formConf), [columns, formConf]);

  const save = async () => {
    let info: Partial<LcModule>;
    try {
      info = await base.validateFields();
    } catch {
      setTab('base');
      return;
    }
    const dup = duplicateModels(formConf.fields);
    if (dup.length) {
      message.error(t('lowcode.module.duplicate', { names: dup.join(', ') }));
      setTab('form');
      return;
    }
    const body: Partial<LcModule> = {
      ...info,
      type: 1,
      formData: JSON.stringify(formConf),
      columnData: JSON.stringify(parseColumnData(list, formConf)),
    };
    setSaving(true);
    try {
      if (id) await visualDevApi.update(id, body);
      else await visualDevApi.create(body);
      message.success(t(id ? 'lowcode.module.updated' : 'lowcode.module.created'));
      onClose(true);
    } finally {
      setSaving(false);
    }
  };

  return { base, loading, saving, formConf, setFormConf, setColumns, tab, setTab, version, list, save };
}
