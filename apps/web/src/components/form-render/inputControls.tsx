/**
 * The plain input controls (text, number, switch, rate, slider, colour, rich text) and the organisation and area
 * pickers of a form field: each returns the control of its value key, or undefined for a key it does not handle.
 */

import type { LcField } from '@swp/contract';
import { ColorPicker, Input, InputNumber, Rate, Slider, Switch } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { http } from '../../api/http';
import {
  AddressCascader,
  CompanyTreeSelect,
  DeptTreeSelect,
  PostTreeSelect,
  RichTextEditor,
  TreeSelectField,
  UserTreeSelect,
} from '../widgets';
import { type TreeOption, toTreeOptions } from '../widgets/treeUtils';
import type { Bound } from './controls';

/** Tree nodes with only `ableIds` choosable (organisation pickers). */
function restrict(nodes: TreeOption[], able?: string[]): TreeOption[] {
  if (!able?.length) return nodes;
  return nodes.map((n) => ({
    ...n,
    disabled: !able.includes(String(n.value)),
    children: n.children ? restrict(n.children, able) : undefined,
  }));
}

const roleTree = async (): Promise<TreeOption[]> =>
  toTreeOptions(await http.get<any[]>('/api/blade-system/role/tree', undefined, { silent: true }));

/** Text, number, switch, rate, slider, colour and rich-text fields. */
export function inputControl(key: string, f: LcField, bound: Bound, t: TFunction): ReactNode | undefined {
  const { id, value, onChange, disabled } = bound;
  const inputPh = f.placeholder ?? t('formRender.input');
  switch (key) {
    case 'input':
      return f.showPassword ? (
        <Input.Password id={id} value={value} onChange={(e) => onChange?.(e.target.value)} disabled={disabled} />
      ) : (
        <Input
          id={id}
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          disabled={disabled}
          maxLength={f.maxlength ?? undefined}
          placeholder={inputPh}
          readOnly={!!f.readonly}
        />
      );
    case 'textarea':
      return (
        <Input.TextArea
          id={id}
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          disabled={disabled}
          maxLength={f.maxlength ?? undefined}
          rows={(f.autosize as { minRows?: number } | undefined)?.minRows ?? 3}
          placeholder={inputPh}
        />
      );
    case 'inputNumber':
      return (
        <InputNumber
          {...bound}
          min={f.min ?? undefined}
          max={f.max ?? undefined}
          step={f.step ?? 1}
          precision={f.precision ?? undefined}
          placeholder={inputPh}
          style={{ width: '100%' }}
          formatter={
            f.thousands
              ? (v) => `${v ?? ''}`.replace(/\B(?=(\d{3})+(?!\d))/g, ',').replace(/(\.\d*?),/g, '$1')
              : undefined
          }
          parser={f.thousands ? (v) => (v ?? '').replace(/,/g, '') as any : undefined}
        />
      );
    case 'switch': {
      const on = f.activeValue ?? 1;
      const off = f.inactiveValue ?? 0;
      return (
        <Switch
          id={id}
          disabled={disabled}
          checked={value === on || value === true || String(value) === String(on)}
          onChange={(c) => onChange?.(c ? on : off)}
        />
      );
    }
    case 'rate':
      return <Rate {...bound} value={value ?? 0} count={f.max ?? 5} />;
    case 'slider':
      return <Slider {...bound} value={value ?? f.min ?? 0} min={f.min ?? 0} max={f.max ?? 100} step={f.step ?? 1} />;
    case 'colorPicker':
      return (
        <ColorPicker
          value={value || undefined}
          disabled={disabled}
          showText
          allowClear
          onChange={(c) => onChange?.(c.cleared ? null : c.toHexString())}
        />
      );
    case 'editor':
      return <RichTextEditor {...bound} />;
    default:
      return undefined;
  }
}

/** Organisation, department, post, user, role and area pickers. */
export function pickerControl(key: string, f: LcField, bound: Bound, t: TFunction): ReactNode | undefined {
  const { id, value, onChange, disabled } = bound;
  const orgProps = {
    ...bound,
    multiple: !!f.multiple,
    placeholder: f.placeholder ?? t('formRender.choose'),
  };
  switch (key) {
    case 'organizeSelect':
      return <CompanyTreeSelect {...orgProps} />;
    case 'depSelect':
      return f.ableIds?.length ? (
        <TreeSelectField
          {...orgProps}
          load={async () =>
            restrict(toTreeOptions(await http.get<any[]>('/api/blade-system/dept/tree', undefined)), f.ableIds)
          }
        />
      ) : (
        <DeptTreeSelect {...orgProps} />
      );
    case 'posSelect':
      return <PostTreeSelect {...orgProps} />;
    case 'userSelect':
      return <UserTreeSelect {...orgProps} leafOnly />;
    case 'roleSelect':
      return <TreeSelectField {...orgProps} load={async () => restrict(await roleTree(), f.ableIds)} />;
    case 'areaSelect':
      return (
        <AddressCascader
          id={id}
          value={value}
          onChange={(v) => onChange?.(v)}
          disabled={disabled}
          level={f.level ? Math.min(5, Number(f.level) + 1) : undefined}
          placeholder={f.placeholder ?? t('formRender.choose')}
        />
      );
    default:
      return undefined;
  }
}
