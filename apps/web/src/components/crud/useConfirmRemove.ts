/**
 * Delete with the spec's confirmation (确定将选择数据删除?) outside a CrudPage's own buttons: on 确定 it removes,
 * says 删除成功 and goes on with `after`; a refusal has been shown by the HTTP client and the confirmation closes.
 */
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

export function useConfirmRemove() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  return (remove: () => Promise<unknown>, after: () => void) =>
    modal.confirm({
      title: t('crud.confirmTitle'),
      content: t('crud.confirmRemove'),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        try {
          await remove();
        } catch {
          return;
        }
        message.success(t('crud.removeSuccess'));
        after();
      },
    });
}
