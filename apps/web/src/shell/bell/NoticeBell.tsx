/**
 * The notice bell (spec 1 §2.10): a popover with one tab per message type and unread badges, 5 messages a page,
 * a link to the message centre, and the warning 'no more messages' when a page comes back empty. Clicking an
 * unread message marks it read and reloads. The live channel pushes new messages: counts refresh at once.
 * State and calls live in useBell, the popover body in BellPanel.
 */
import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import { BellPanel } from './BellPanel';
import { useBell } from './useBell';

export { BELL_PAGE_SIZE, currentToken } from './useBell';

export function NoticeBell() {
  const { t } = useTranslation();
  const bell = useBell();
  return (
    <Popover
      trigger="click"
      open={bell.open}
      onOpenChange={bell.setOpen}
      content={<BellPanel bell={bell} />}
      title={t('bell.title')}
      placement="bottomRight"
    >
      <Badge count={bell.totalUnread} overflowCount={99} size="small">
        <Button type="text" icon={<BellOutlined />} aria-label={t('bell.title')} data-testid="notice-bell" />
      </Badge>
    </Popover>
  );
}

export default NoticeBell;
