/** The validation messages above the canvas; a click on one selects its element. */
import { Alert, List, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasErrors, type Issue } from './validate';

export function IssuesAlert({
  issues,
  onClose,
  selectIssue,
}: {
  issues: Issue[];
  onClose(): void;
  selectIssue(issue: Issue): void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      className="wf-designer-issues"
      type={hasErrors(issues) ? 'error' : 'warning'}
      showIcon
      closable
      onClose={onClose}
      message={t('workflow.designer.issuesTitle')}
      description={
        <List
          size="small"
          data-testid="wf-issues"
          dataSource={issues}
          renderItem={(i) => (
            <List.Item style={{ cursor: i.elementId ? 'pointer' : undefined }} onClick={() => selectIssue(i)}>
              <Tag color={i.level === 'error' ? 'error' : 'warning'}>{t(`workflow.validate.${i.level}`)}</Tag>
              {t(`workflow.validate.${i.code}`, i.params)}
            </List.Item>
          )}
        />
      }
    />
  );
}
