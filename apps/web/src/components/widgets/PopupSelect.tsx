/**
 * Popup table select (spec 1 §2.12, spec 2 §2): a field that opens a 700-wide dialog with a keyword filter and
 * a radio table of rows (columns value and label by default); a row must be chosen to confirm.
 */
import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PopupTable } from './PopupTable';
import { usePopupRows } from './usePopupRows';

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
  const [chosen, setChosen] = useState<PopupRow | undefined>();
  const [label, setLabel] = useState<string | undefined>();
  const size = p.pageSize ?? 10;
  const rows = usePopupRows(p.load, open, size);

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
        <PopupTable rows={rows} size={size} chosen={chosen} value={p.value} choose={setChosen} columns={p.columns} />
      </Modal>
    </>
  );
}
