/**
 * The editor of an online module (full screen): basic information, the form (the designer) and the list (columns,
 * search fields, buttons). Saving creates or updates the module (`/api/visualdev/Base`); the server checks the
 * form and the list against each other.
 */
import { Button, Modal, Space, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDesigner } from '../designer/FormDesigner';
import { ListDesigner } from './ListDesigner';
import { ModuleBaseForm } from './ModuleBaseForm';
import { useModuleEditor } from './useModuleEditor';

export interface ModuleEditorProps {
  /** the module to edit; undefined creates one */
  id?: string;
  open: boolean;
  onClose(saved: boolean): void;
}

export function ModuleEditor(props: ModuleEditorProps) {
  const { id, open, onClose } = props;
  const { t } = useTranslation();
  const { base, loading, saving, formConf, setFormConf, setColumns, tab, setTab, version, list, save } =
    useModuleEditor(props);

  return (
    <Modal
      open={open}
      title={t(id ? 'lowcode.module.edit' : 'lowcode.module.add')}
      width="100%"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      maskClosable={false}
      destroyOnHidden
      onCancel={() => onClose(false)}
      footer={
        <Space>
          <Button onClick={() => onClose(false)}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={save} data-testid="module-save">
            {t('lowcode.module.save')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={loading}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'base',
              label: t('lowcode.module.base'),
              forceRender: true,
              children: <ModuleBaseForm form={base} />,
            },
            {
              key: 'form',
              label: t('lowcode.module.formDesign'),
              children: (
                <FormDesigner key={version} value={formConf} onChange={setFormConf} height="calc(100vh - 200px)" />
              ),
            },
            {
              key: 'list',
              label: t('lowcode.module.listDesign'),
              children: <ListDesigner form={formConf} value={list} onChange={setColumns} />,
            },
          ]}
        />
      </Spin>
    </Modal>
  );
}
