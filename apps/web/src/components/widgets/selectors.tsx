/**
 * Selectors of spec 1 §2.12: department tree (options id, title), position tree (id, postName) and billing rule
 * (id, sequenceRemark, sequenceCode, from `/api/blade-system/sequence/list`).
 */
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/http';
import { DeptTreeSelect, PostTreeSelect } from './treeSelects';

export { DeptTreeSelect as DeptSelect, PostTreeSelect as PostSelect };

export interface BillRuleOption {
  id: string;
  sequenceRemark?: string;
  sequenceCode: string;
}

export function billRuleLabel(o: BillRuleOption): string {
  return o.sequenceRemark ? `${o.sequenceRemark} (${o.sequenceCode})` : o.sequenceCode;
}

export interface BillRuleSelectProps {
  value?: string;
  onChange?: (v: string | undefined, option?: BillRuleOption) => void;
  disabled?: boolean;
  id?: string;
  load?: () => Promise<BillRuleOption[]>;
}

export function BillRuleSelect(p: BillRuleSelectProps) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<BillRuleOption[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the rules load once
  useEffect(() => {
    let live = true;
    (p.load ?? (() => http.get<BillRuleOption[]>('/api/blade-system/sequence/list', undefined, { silent: true })))()
      .then((l) => live && setOptions(Array.isArray(l) ? l : ((l as any)?.records ?? [])))
      .catch(() => live && setOptions([]));
    return () => {
      live = false;
    };
  }, []);
  return (
    <Select
      id={p.id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      disabled={p.disabled}
      placeholder={t('widget.billRule.placeholder')}
      aria-label={t('widget.billRule.placeholder')}
      value={p.value}
      options={options.map((o) => ({ value: String(o.id), label: billRuleLabel(o) }))}
      onChange={(v) =>
        p.onChange?.(
          v,
          options.find((o) => String(o.id) === v),
        )
      }
      style={{ width: '100%' }}
    />
  );
}
