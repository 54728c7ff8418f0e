/**
 * The two ways into a grant dialog on a CrudPage: the toolbar button for the selected rows (warns when none is
 * selected) and the row button for one row; both only with the grant permission. Returns the CrudPage `toolbar`
 * and `rowActions` renderers; `open` receives the ids.
 */
import { App, Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/crud';
import type { CrudHandle } from '../crud';
import { RowButton } from '../crud/RowButton';

type Options = { can: boolean; icon: ReactNode; label: string; open(ids: string[]): void };

export function useGrantButtons<T extends Row>({ can, icon, label, open }: Options) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return {
    toolbar: (h: CrudHandle<T>) =>
      can && (
        <Button
          icon={icon}
          onClick={() => {
            if (!h.selected.length) {
              message.warning(t('crud.selectOne'));
              return;
            }
            open(h.selected.map((r) => String(r.id)));
          }}
        >
          {t(label)}
        </Button>
      ),
    rowActions: (row: T) =>
      can && (
        <RowButton icon={icon} onClick={() => open([String(row.id)])}>
          {t(label)}
        </RowButton>
      ),
  };
}
