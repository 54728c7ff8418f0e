/** The detail (or handle) link of a workflow list row, and what every row action is given. */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Row } from '../../../api/crud';
import { RowButton } from '../../../components/crud/RowButton';
import { detailPath } from './lists';

/** What a row action needs: its row, and `done` to say so and reload the list. */
export interface ActionProps {
  row: Row;
  done: (text?: string) => void;
}

export function DetailLink({
  row,
  withTask,
  label = 'workflow.list.detail',
}: {
  row: Row;
  withTask: boolean;
  label?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return <RowButton onClick={() => navigate(detailPath(row, withTask))}>{t(label)}</RowButton>;
}
