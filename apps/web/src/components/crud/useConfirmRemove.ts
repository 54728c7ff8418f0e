/**
 * Delete with the spec's confirmation (确定将选择数据删除?) outside a CrudPage's own buttons: on 确定 it removes,
 * says 删除成功 and goes on with `after`; a refusal has been shown by the HTTP client and the confirmation closes.
 */
import { useTranslation } from 'react-i18next';
import { useConfirmAction } from './useConfirmAction';

export function useConfirmRemove() {
  const { t } = useTranslation();
  const confirm = useConfirmAction();
  return (remove: () => Promise<unknown>, after: () => void) =>
    confirm({ content: t('crud.confirmRemove'), run: remove, done: t('crud.removeSuccess'), after });
}
