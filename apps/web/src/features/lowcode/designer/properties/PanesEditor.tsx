/** The panes of a tab or collapse container: rename, remove (one always stays) and add. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { type SectionProps, setCfg } from './patch';
import { Row } from './Row';

export function PanesEditor({ field: f, onChange }: SectionProps) {
  const { t } = useTranslation();
  const key = f.__config__.jnpfKey;
  const cfg = f.__config__;
  return (
    <Row label={t('lowcode.props.panes')}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        {(cfg.children ?? []).map((p, i) => (
          <Space.Compact key={String(p.__config__.formId)} style={{ width: '100%' }}>
            <Input
              value={String(p.title ?? '')}
              onChange={(e) =>
                onChange(
                  setCfg(
                    'children',
                    (cfg.children ?? []).map((x, j) => (j === i ? { ...x, title: e.target.value } : x)),
                  ),
                )
              }
            />
            <Button
              icon={<DeleteOutlined />}
              disabled={(cfg.children ?? []).length <= 1}
              onClick={() =>
                onChange(
                  setCfg(
                    'children',
                    (cfg.children ?? []).filter((_, j) => j !== i),
                  ),
                )
              }
            />
          </Space.Compact>
        ))}
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => {
            const n = (cfg.children ?? []).length + 1;
            const item = key === 'tab' ? 'tabItem' : 'collapseItem';
            onChange(
              setCfg('children', [
                ...(cfg.children ?? []),
                {
                  title: `${cfg.label ?? ''} ${n}`,
                  name: `${Date.now()}`,
                  __config__: { jnpfKey: item, formId: `${cfg.formId}-${Date.now()}`, children: [] },
                },
              ]),
            );
          }}
        >
          {t('lowcode.props.addPane')}
        </Button>
      </Space>
    </Row>
  );
}
