/** List editors of the properties panel: static options and validation patterns. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { LcOption } from '@swp/contract';
import { Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { type SectionProps, setCfg, setTop } from './patch';

export function OptionsEditor({ field: f, onChange }: SectionProps) {
  const { t } = useTranslation();
  const opts = (f.options ?? []) as LcOption[];
  const set = (next: LcOption[]) => onChange(setTop('options', next));
  return (
    <div data-testid="options-editor">
      {opts.map((o, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place; the value may be empty or repeated while typing
        <Space.Compact key={`${i}-${String(o.id)}`} style={{ width: '100%', marginBottom: 4 }}>
          <Input
            aria-label={t('lowcode.props.optionLabel')}
            value={String(o.fullName ?? '')}
            onChange={(e) => set(opts.map((x, j) => (j === i ? { ...x, fullName: e.target.value } : x)))}
          />
          <Input
            aria-label={t('lowcode.props.optionValue')}
            value={String(o.id ?? '')}
            style={{ width: 90 }}
            onChange={(e) => set(opts.map((x, j) => (j === i ? { ...x, id: e.target.value } : x)))}
          />
          <Button icon={<DeleteOutlined />} onClick={() => set(opts.filter((_, j) => j !== i))} />
        </Space.Compact>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() =>
          set([...opts, { id: String(opts.length + 1), fullName: `${t('lowcode.props.option')}${opts.length + 1}` }])
        }
      >
        {t('lowcode.props.addOption')}
      </Button>
    </div>
  );
}
export function RegListEditor({ field: f, onChange }: SectionProps) {
  const { t } = useTranslation();
  const list = f.__config__.regList ?? [];
  const set = (next: typeof list) => onChange(setCfg('regList', next));
  return (
    <div>
      {list.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rules have no identity of their own
        <Space.Compact key={i} style={{ width: '100%', marginBottom: 4 }}>
          <Input
            placeholder={t('lowcode.props.pattern')}
            value={r.pattern}
            onChange={(e) => set(list.map((x, j) => (j === i ? { ...x, pattern: e.target.value } : x)))}
          />
          <Input
            placeholder={t('lowcode.props.patternMessage')}
            value={r.message}
            onChange={(e) => set(list.map((x, j) => (j === i ? { ...x, message: e.target.value } : x)))}
          />
          <Button icon={<DeleteOutlined />} onClick={() => set(list.filter((_, j) => j !== i))} />
        </Space.Compact>
      ))}
      <Button size="small" icon={<PlusOutlined />} onClick={() => set([...list, { pattern: '', message: '' }])}>
        {t('lowcode.props.addRule')}
      </Button>
    </div>
  );
}
