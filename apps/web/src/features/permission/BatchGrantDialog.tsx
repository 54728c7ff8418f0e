/**
 * 批量授权 (`POST Authority/Data/Batch`): several roles, positions and users × the chosen items of each type; the
 * items are added, existing grants stay. The candidates are the tenant's catalogue — the same for every object —
 * as `Authority/Data/{id}/Values` answers it for the first role (or position, or user) there is.
 */
import { Alert, Modal, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ITEM_TYPES } from '../../api/permission';
import { BatchObjectPickers } from './BatchObjectPickers';
import { GrantEditor } from './GrantEditor';
import { useBatchGrant } from './useBatchGrant';

export interface BatchGrantDialogProps {
  open: boolean;
  onClose(): void;
  /** after a grant: the ids of every object that received it */
  onDone(objectIds: string[]): void;
}

export function BatchGrantDialog({ open, onClose, onDone }: BatchGrantDialogProps) {
  const { t } = useTranslation();
  const bg = useBatchGrant({ onClose, onDone });

  return (
    <Modal
      open={open}
      title={t('perm.auth.batch')}
      width={960}
      maskClosable={false}
      destroyOnHidden
      afterOpenChange={(o) => o && void bg.start()}
      onCancel={onClose}
      onOk={() => void bg.submit()}
      okText={t('crud.ok')}
      cancelText={t('crud.cancel')}
      confirmLoading={bg.saving}
    >
      <div data-testid="batch-grant">
        <Alert type="info" showIcon title={t('perm.auth.batchTip')} style={{ marginBottom: 16 }} />
        <BatchObjectPickers bg={bg} />
        <Tabs
          items={ITEM_TYPES.map((type) => ({
            key: type,
            label: t(`perm.auth.${type}`),
            forceRender: true,
            children: (
              <GrantEditor
                type={type}
                candidates={bg.catalogue?.[type]?.list}
                value={bg.items[type]}
                loading={bg.loading}
                height={320}
                onChange={(ids) => bg.setItem(type, ids)}
              />
            ),
          }))}
        />
      </div>
    </Modal>
  );
}
