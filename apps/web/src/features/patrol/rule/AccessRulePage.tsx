/**
 * 考核指标: the access rule index (coverage, punctuality, hazard finding: weight and standard value, weights
 * adding up to 100; button `patrol_access_rule_edit`) and the two scoring pages over a time range and a team:
 * per task (`taskJobPage`) and per person (`taskJobUserPage`, ranked), each with its xlsx export (button
 * `patrol_access_rule_export`).
 */
import { ExportOutlined, SaveOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, DatePicker, Input, InputNumber, Space, Table, Tabs, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AccessRule, accessRuleApi, type ScoreQuery } from '../../../api/patrol';
import { serverPagination } from '../../../components/crud';
import { DeptTreeSelect } from '../../../components/widgets';
import { saveBlob } from '../../../lib/download';
import { useBusyCall } from '../../../lib/useBusyCall';
import { useLoadDeps } from '../../../lib/useLoadDeps';
import { shortTime, wireTime } from '../../../lib/wireTime';
import { usePermission } from '../../../stores/session';
import { StaffSelect, TaskStatusTag } from '../common';

type Draft = Pick<AccessRule, 'id' | 'weight' | 'standard' | 'description'>;

/** The sum of the weights of a draft. */
export const weightSum = (rows: { weight: number | null | undefined }[]) =>
  rows.reduce((s, r) => s + Number(r.weight ?? 0), 0);

function RulesPanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canEdit = usePermission('patrol_access_rule_edit');
  const rules = useLoadDeps(() => accessRuleApi.list(), []);
  const [draft, setDraft] = useState<Record<string, Draft>>({});
  const { busy, run } = useBusyCall();
  useEffect(() => {
    setDraft(
      Object.fromEntries(
        (rules.data ?? []).map((r) => [
          r.id,
          { id: r.id, weight: r.weight, standard: r.standard, description: r.description },
        ]),
      ),
    );
  }, [rules.data]);
  const rows = rules.data ?? [];
  const list = rows.map((r) => draft[r.id] ?? r);
  const sum = weightSum(list);
  const dirty = rows.some((r) => {
    const d = draft[r.id];
    return d && (d.weight !== r.weight || d.standard !== r.standard || (d.description ?? '') !== (r.description ?? ''));
  });
  const set = (id: string, patch: Partial<Draft>) => setDraft((d) => ({ ...d, [id]: { ...d[id], ...patch } }));
  const save = async () => {
    if (sum !== 100) {
      message.warning(t('patrol.rule.sumWarning', { sum }));
      return;
    }
    await run(
      () =>
        accessRuleApi.update(
          list.map((r) => ({
            id: r.id,
            weight: Number(r.weight),
            standard: Number(r.standard),
            description: r.description ?? '',
          })),
        ),
      t('patrol.rule.saved'),
      () => rules.reload(),
    );
  };
  const unit = (code: string) => t(`patrol.rule.unit.${code}`, { defaultValue: '' });
  return (
    <div data-testid="rule-panel">
      <Typography.Paragraph type="secondary">{t('patrol.rule.hint')}</Typography.Paragraph>
      <Table<AccessRule>
        size="small"
        rowKey="id"
        loading={rules.loading}
        pagination={false}
        dataSource={rows}
        columns={[
          {
            title: t('patrol.rule.indexName'),
            dataIndex: 'indexName',
            width: 140,
            render: (v, r) => t(`patrol.rule.index.${r.indexCode}`, { defaultValue: v }),
          },
          {
            title: t('patrol.rule.weight'),
            dataIndex: 'weight',
            width: 140,
            render: (_v, r) => (
              <InputNumber
                min={0}
                max={100}
                precision={0}
                disabled={!canEdit}
                value={draft[r.id]?.weight}
                onChange={(v) => set(r.id, { weight: Number(v ?? 0) })}
                aria-label={`${r.indexName} ${t('patrol.rule.weight')}`}
              />
            ),
          },
          {
            title: t('patrol.rule.standard'),
            dataIndex: 'standard',
            width: 200,
            render: (_v, r) => (
              <Space>
                <InputNumber
                  min={0}
                  max={100000}
                  disabled={!canEdit}
                  value={draft[r.id]?.standard}
                  onChange={(v) => set(r.id, { standard: Number(v ?? 0) })}
                  aria-label={`${r.indexName} ${t('patrol.rule.standard')}`}
                />
                <span>{unit(r.indexCode)}</span>
              </Space>
            ),
          },
          {
            title: t('patrol.rule.description'),
            dataIndex: 'description',
            render: (_v, r) => (
              <Input
                maxLength={255}
                disabled={!canEdit}
                value={draft[r.id]?.description ?? ''}
                onChange={(e) => set(r.id, { description: e.target.value })}
                aria-label={`${r.indexName} ${t('patrol.rule.description')}`}
              />
            ),
          },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>{t('patrol.rule.total')}</Table.Summary.Cell>
            <Table.Summary.Cell index={1}>
              <Typography.Text type={sum === 100 ? 'success' : 'danger'} data-testid="weight-sum">
                {sum}
              </Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} colSpan={2} />
          </Table.Summary.Row>
        )}
      />
      {sum !== 100 && (
        <Alert style={{ marginTop: 8 }} type="warning" showIcon message={t('patrol.rule.sumWarning', { sum })} />
      )}
      {canEdit && (
        <Space style={{ marginTop: 12 }}>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={busy}
            disabled={!dirty}
            onClick={() => void save()}
            data-testid="rule-save"
          >
            {t('patrol.common.save')}
          </Button>
          <Button icon={<UndoOutlined />} disabled={!dirty} onClick={() => rules.reload()}>
            {t('patrol.common.reset')}
          </Button>
        </Space>
      )}
    </div>
  );
}

function ScoreFilters({
  value,
  onSearch,
  person,
}: {
  value: ScoreQuery;
  onSearch: (q: ScoreQuery) => void;
  person?: boolean;
}) {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs(value.startTime), dayjs(value.endTime)]);
  const [deptId, setDeptId] = useState<string | undefined>(value.deptId);
  const [userId, setUserId] = useState<string | undefined>(value.userId);
  const [realName, setRealName] = useState('');
  const search = () =>
    onSearch({
      startTime: wireTime(range[0].startOf('day')),
      endTime: wireTime(range[1].endOf('day')),
      deptId: deptId || undefined,
      userId: person ? undefined : userId || undefined,
      realName: person ? realName.trim() || undefined : undefined,
    });
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <DatePicker.RangePicker
        allowClear={false}
        value={range}
        onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
      />
      <DeptTreeSelect
        value={deptId}
        onChange={setDeptId}
        allowClear
        placeholder={t('patrol.overview.allDepts')}
        style={{ width: 180 }}
      />
      {person ? (
        <Input
          allowClear
          placeholder={t('patrol.score.realName')}
          value={realName}
          onChange={(e) => setRealName(e.target.value)}
          style={{ width: 140 }}
        />
      ) : (
        <div style={{ width: 180 }}>
          <StaffSelect value={userId} onChange={setUserId} />
        </div>
      )}
      <Button type="primary" icon={<SearchOutlined />} onClick={search}>
        {t('patrol.common.search')}
      </Button>
    </Space>
  );
}

const initialQuery = (): ScoreQuery => ({
  startTime: wireTime(dayjs().subtract(29, 'day').startOf('day')),
  endTime: wireTime(dayjs().endOf('day')),
});

function ScorePanel({ person }: { person: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canExport = usePermission('patrol_access_rule_export');
  const [query, setQuery] = useState<ScoreQuery>(initialQuery);
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [exporting, setExporting] = useState(false);
  const data = useLoadDeps<any>(
    () =>
      person ? accessRuleApi.taskJobUserPage({ ...query, ...page }) : accessRuleApi.taskJobPage({ ...query, ...page }),
    [query, page, person],
  );
  const exportXlsx = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = person
        ? await accessRuleApi.taskJobUserExport(query)
        : await accessRuleApi.taskJobExport(query);
      saveBlob(blob, fileName);
      message.success(t('patrol.score.exported'));
    } catch {
      // the HTTP client has shown the server's reason
    } finally {
      setExporting(false);
    }
  };
  const pct = (v: number) => `${v}%`;
  const columns: any[] = person
    ? [
        { title: t('patrol.score.rank'), dataIndex: 'rank', width: 60 },
        { title: t('patrol.score.realName'), dataIndex: 'realName' },
        { title: t('patrol.score.account'), dataIndex: 'account' },
        { title: t('patrol.score.deptName'), dataIndex: 'deptName' },
        { title: t('patrol.score.tasks'), dataIndex: 'tasks' },
        { title: t('patrol.score.finished'), dataIndex: 'finished' },
        { title: t('patrol.score.overdue'), dataIndex: 'overdue' },
        { title: t('patrol.score.coverageRate'), dataIndex: 'coverageRate', render: pct },
        { title: t('patrol.score.punctualityRate'), dataIndex: 'punctualityRate', render: pct },
        { title: t('patrol.score.hazards'), dataIndex: 'hazards' },
        { title: t('patrol.score.coverageScore'), dataIndex: 'coverageScore' },
        { title: t('patrol.score.punctualityScore'), dataIndex: 'punctualityScore' },
        { title: t('patrol.score.hazardScore'), dataIndex: 'hazardScore' },
        { title: t('patrol.score.score'), dataIndex: 'score', render: (v: number) => <b>{v}</b> },
      ]
    : [
        { title: t('patrol.task.taskName'), dataIndex: 'taskName', ellipsis: true, width: 260 },
        { title: t('patrol.score.deptName'), dataIndex: 'deptName' },
        { title: t('patrol.task.users'), dataIndex: 'userNames' },
        { title: t('patrol.task.periodStart'), dataIndex: 'periodStart', render: shortTime },
        { title: t('patrol.task.finishTime'), dataIndex: 'finishTime', render: shortTime },
        { title: t('patrol.task.status'), dataIndex: 'taskStatus', render: (v: any) => <TaskStatusTag status={v} /> },
        {
          title: t('patrol.score.checked'),
          dataIndex: 'checkedCount',
          render: (_v: any, r: any) => `${r.checkedCount}/${r.objectCount}`,
        },
        { title: t('patrol.score.coverageRate'), dataIndex: 'coverageRate', render: pct },
        {
          title: t('patrol.score.punctual'),
          dataIndex: 'punctual',
          render: (v: number) => t(v ? 'patrol.common.yes' : 'patrol.common.no'),
        },
        { title: t('patrol.score.hazards'), dataIndex: 'hazardCount' },
        { title: t('patrol.score.score'), dataIndex: 'score', render: (v: number) => <b>{v}</b> },
      ];
  return (
    <div data-testid={person ? 'score-person' : 'score-task'}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <ScoreFilters
          value={query}
          person={person}
          onSearch={(q) => {
            setQuery(q);
            setPage((p) => ({ ...p, current: 1 }));
          }}
        />
        {canExport && (
          <Button
            icon={<ExportOutlined />}
            loading={exporting}
            onClick={() => void exportXlsx()}
            data-testid="score-export"
          >
            {t('patrol.score.export')}
          </Button>
        )}
      </Space>
      <Table
        size="small"
        rowKey={person ? 'userId' : 'id'}
        loading={data.loading}
        dataSource={data.data?.records ?? []}
        columns={columns}
        scroll={{ x: 1300 }}
        pagination={{
          ...serverPagination(page, Number(data.data?.total ?? 0), setPage),
          showSizeChanger: true,
          showTotal: (n) => t('patrol.common.total', { n }),
        }}
      />
    </div>
  );
}

export default function AccessRulePage() {
  const { t } = useTranslation();
  return (
    <Card size="small" style={{ margin: 12 }} data-testid="patrol-access-rule">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'rules', label: t('patrol.rule.tab'), children: <RulesPanel /> },
          { key: 'task', label: t('patrol.score.byTask'), children: <ScorePanel person={false} /> },
          { key: 'person', label: t('patrol.score.byPerson'), children: <ScorePanel person /> },
        ]}
      />
    </Card>
  );
}
