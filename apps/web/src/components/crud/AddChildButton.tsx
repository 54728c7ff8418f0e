/**
 * A tree row's 新增下级: a row button that opens the add dialog with the new row's parent (and whatever else a child
 * starts with) filled in.
 */
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/crud';
import { RowButton } from './RowButton';
import type { CrudHandle } from './types';

export function AddChildButton<T extends Row>(props: {
  h: CrudHandle<T>;
  /** the values the child starts with, e.g. `{ parentId: row.id }` */
  child: Partial<T>;
  /** translation key of the button's text */
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <RowButton icon={<PlusOutlined />} onClick={() => props.h.open('add', props.child as T)}>
      {t(props.label)}
    </RowButton>
  );
}
