/**
 * Popup table select (spec 1 §2.12, spec 2 §2): a field that opens a 700-wide dialog with a keyword filter and
 * a radio table of rows (columns value and label by default); a row must be chosen to confirm.
 */
import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const POPUP_SELECT_WIDTH = 700;

export interface PopupRow {
  value: string;
  label: string;
  [k: string]: unknown;
}

export interface PopupSelectProps {
  value?: string;
  onChange?: (value: string | undefined, row?: PopupRow) => void;
  /** rows for a keyword and page */
  load: (q: { keyword: string; current: number; size: number }) => Promise<{ records: PopupRow[]; total: number }>;
  /** the text shown for the current value (default: the chosen row's label, else the value) */
  displayText?: string;
  title?: string;
  columns?: { title: string; dataIndex: string }[];
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  pageSize?: number;
}

export function PopupSelect(p: PopupSelectProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [applied, setApplied] = useState('');
  const [current, setCurrent] = useState(1);
  const [data, setData] = useState<{ records: PopupRow[]; total: number }>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<PopupRow | undefined>();
  const [label, setLabel] = useState<string | undefined>();
  const size = p.pageSize ?? 10;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the loader is called again when the dialog, the keyword or the page change
  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    p.load({ keyword: applied, current, size })
      .then((r) => live && setData(r))
      .catch(() => live && setData({ records: [], total: 0 }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open, applied, current]);

  const shown = p.value ? (p.displayText ?? (label && chosen?.value === p.value ? label : undefined) ?? p.value) : '';

  return (
    <>
      <Input
        id={p.id}
        readOnly
        value={shown}
        placeholder={p.placeholder ?? t('widget.popup.title')}
        disabled={p.disabled}
        onClick={() => !p.disabled && setOpen(true)}
        suffix={
          p.value && !p.disabled ? (
            <CloseCircleFilled
              aria-label="clear"
              style={{ color: 'rgba(0,0,0,.25)', cursor: 'pointer' }}
              onClick={(e) => {
                e.stopPropagation();
                setChosen(undefined);
                p.onChange?.(undefined);
              }}
            />
          ) : (
            <SearchOutlined />
          )
        }
      />
      <Modal
        open={open}
        title={p.title ?? t('widget.popup.title')}
        width={POPUP_SELECT_WIDTH}
        maskClosable={false}
        destroyOnHidden
        onCancel={() => setOpen(false)}
        okText={t('widget.ok')}
        cancelText={t('widget.cancel')}
        okButtonProps={{ disabled: !chosen }}
        onOk={() => {
          if (!chosen) return;
          setLabel(chosen.label);
          p.onChange?.(chosen.value, chosen);
          setOpen(false);
        }}
      >
        <Space style={{ marginBottom: 12 }}>
          <Input
            allowClear
            placeholder={t('widget.keyword')}
            aria-label={t('widget.keyword')}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onPressEnter={() => {
              setApplied(keyword.trim());
              setCurrent(1);
            }}
          />
          <Button
            type="primary"
            onClick={() => {
              setApplied(keyword.trim());
              setCurrent(1);
            }}
          >
            {t('widget.search')}
          </Button>
          {!chosen && <Typography.Text type="secondary">{t('widget.chooseRow')}</Typography.Text>}
        </Space>
        <Table<PopupRow>
          rowKey="value"
          size="small"
          bordered
          loading={loading}
          dataSource={data.records}
          rowSelection={{
            type: 'radio',
            selectedRowKeys: chosen ? [chosen.value] : p.value ? [p.value] : [],
            onChange: (_k, rows) => setChosen(rows[0]),
          }}
          onRow={(r) => ({ onClick: () => setChosen(r) })}
          pagination={{
            current,
            pageSize: size,
            total: data.total,
            size: 'small',
            showSizeChanger: false,
            onChange: setCurrent,
          }}
          columns={
            p.columns ?? [
              { title: t('widget.popup.value'), dataIndex: 'value' },
              { title: t('widget.popup.label'), dataIndex: 'label' },
            ]
          }
        />
      </Modal>
    </>
  );
}
