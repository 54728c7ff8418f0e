/**
 * The list design of an online module: the form's listable fields as columns (chosen in the form's order, with
 * widths), the search fields, the toolbar and row buttons, and the page size.
 */
import type { LcColumnData, LcFormConf, LcListButton } from '@swp/contract';
import { Checkbox, Form, InputNumber, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { listableFields, ROW_BUTTONS, searchableFields, TOOLBAR_BUTTONS } from './listDesign';

interface Props {
  form: LcFormConf;
  value: LcColumnData;
  onChange(v: LcColumnData): void;
}

/** The columns: which listable fields are shown, and their widths. */
function ListColumns({ form, value, onChange }: Props) {
  const { t } = useTranslation();
  const listable = listableFields(form);
  const chosen = new Map(value.columnList.map((c) => [c.prop, c]));
  return (
    <Table
      size="small"
      rowKey="vModel"
      pagination={false}
      dataSource={listable}
      rowSelection={{
        selectedRowKeys: value.columnList.map((c) => c.prop),
        onChange: (keys) =>
          onChange({
            ...value,
            // keep the form's order and any widths already set
            columnList: listable
              .filter((d) => keys.includes(d.vModel))
              .map((d) => chosen.get(d.vModel) ?? { prop: d.vModel, label: d.label, jnpfKey: d.key }),
          }),
      }}
      columns={[
        { title: t('lowcode.list.field'), dataIndex: 'label' },
        { title: t('lowcode.list.vModel'), dataIndex: 'vModel' },
        {
          title: t('lowcode.list.width'),
          key: 'width',
          width: 140,
          render: (_, d) => (
            <InputNumber
              size="small"
              min={40}
              disabled={!chosen.has(d.vModel)}
              value={chosen.get(d.vModel)?.width ?? null}
              onChange={(w) =>
                onChange({
                  ...value,
                  columnList: value.columnList.map((c) => (c.prop === d.vModel ? { ...c, width: w ?? undefined } : c)),
                })
              }
            />
          ),
        },
      ]}
    />
  );
}

/** The search fields, the buttons and the page size. */
function ListOptions({ form, value, onChange }: Props) {
  const { t } = useTranslation();
  const searchable = searchableFields(form);
  const setButtons = (k: 'btnsList' | 'columnBtnsList', v: LcListButton[]) =>
    onChange({ ...value, [k]: v.map((x) => ({ value: x })) });
  return (
    <Form layout="vertical" style={{ marginTop: 16 }}>
      <Form.Item label={t('lowcode.list.searchFields')}>
        <Select
          mode="multiple"
          aria-label={t('lowcode.list.searchFields')}
          value={value.searchList.map((s) => s.prop)}
          options={searchable.map((d) => ({ value: d.vModel, label: d.label }))}
          onChange={(props: string[]) =>
            onChange({
              ...value,
              searchList: props.map((p) => {
                const d = searchable.find((x) => x.vModel === p)!;
                return { prop: p, label: d.label, jnpfKey: d.key };
              }),
            })
          }
        />
      </Form.Item>
      <Form.Item label={t('lowcode.list.toolbar')}>
        <Checkbox.Group
          value={value.btnsList.map((b) => b.value)}
          onChange={(v) => setButtons('btnsList', v as LcListButton[])}
          options={TOOLBAR_BUTTONS.map((b) => ({ value: b, label: t(`lowcode.btn.${b}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('lowcode.list.rowButtons')}>
        <Checkbox.Group
          value={value.columnBtnsList.map((b) => b.value)}
          onChange={(v) => setButtons('columnBtnsList', v as LcListButton[])}
          options={ROW_BUTTONS.map((b) => ({ value: b, label: t(`lowcode.btn.${b}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('lowcode.list.pageSize')}>
        <Select
          style={{ width: 120 }}
          value={value.pageSize ?? 20}
          onChange={(v) => onChange({ ...value, pageSize: v })}
          options={[10, 20, 30, 50, 100].map((v) => ({ value: v, label: v }))}
        />
      </Form.Item>
    </Form>
  );
}

export function ListDesigner(p: Props) {
  return (
    <div data-testid="list-designer">
      <ListColumns {...p} />
      <ListOptions {...p} />
    </div>
  );
}
