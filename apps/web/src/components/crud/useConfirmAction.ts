/**
 * An action behind the spec's confirmation (crud.confirmTitle with 确定 / 取消) outside a CrudPage's own buttons: on
 * 确定 it runs, says `done` and goes on with `after`; a refusal has been shown by the HTTP client, so the
 * confirmation just closes.
 */
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ConfirmedAction {
  /** the translated question */
  content: string;
  run(): Promise<unknown>;
  /** the translated success message */
  done: string;
  after(): void;
  /** a destructive action's 确定 is red */
  danger?: boolean;
}

export function useConfirmAction() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  return ({ content, run, done, after, danger }: ConfirmedAction) =>
    modal.confirm({
      title: t('crud.confirmTitle'),
      content,
      okText: t('crud.ok'),
      okButtonProps: danger ? { danger: true } : undefined,
      cancelText: t('crud.cancel'),
      onOk: async () => {
        try {
          await run();
        } catch {
          return;
        }
        message.success(done);
        after();
      },
    });
}
