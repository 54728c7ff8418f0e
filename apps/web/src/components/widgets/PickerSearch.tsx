/** The search bar above a picker dialog's table: a box named by its label, 搜索 (or Enter), then the caller's note. */
import { Button, Input, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function PickerSearch({
  label,
  value,
  onChange,
  onSearch,
  children,
}: {
  /** translated placeholder and name of the box */
  label: string;
  value: string;
  onChange: (text: string) => void;
  onSearch: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Space style={{ marginBottom: 12 }}>
      <Input
        allowClear
        placeholder={label}
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onPressEnter={onSearch}
      />
      <Button type="primary" onClick={onSearch}>
        {t('widget.search')}
      </Button>
      {children}
    </Space>
  );
}
