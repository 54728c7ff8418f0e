import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Device, DeviceRule, RuleByCodeType } from '../../api/device';
import { renderScreen } from '../../test/crudScreen';
import { itKeepsZhAndEnInStep } from '../../test/strings';
import * as i18n from './i18n';

const store = vi.hoisted(() => ({
  devices: [] as Record<string, any>[],
  rules: {} as Record<string, any>,
  calls: [] as { op: string; args: unknown[] }[],
}));

vi.mock('../../api/device', async (orig) => {
  const real = await orig<typeof import('../../api/device')>();
  const { onePage } = await import('../../test/memoryApi');
  const ruleView = (deviceId: string) => store.rules[deviceId] ?? null;
  return {
    ...real,
    deviceApi: {
      key: 'device-test',
      page: async (q: Record<string, unknown>) => {
        store.calls.push({ op: 'page', args: [q] });
        const kw = String(q.keyword ?? '');
        const rows = store.devices
          .filter((d) => d.deviceType === q.deviceType)
          .filter((d) => !kw || d.deviceCode.includes(kw) || d.deviceName.includes(kw))
          .map((d) => ({ ...d, runStatus: ruleView(d.id)?.runStatus ?? null }));
        return onePage(rows);
      },
      detail: async (id: string) => store.devices.find((d) => d.id === id) ?? null,
      submit: async (row: Record<string, unknown>) => {
        store.calls.push({ op: 'submit', args: [row] });
        store.devices.push({ ...row, id: String(100 + store.devices.length), latest: [], runStatus: null });
        return row;
      },
      remove: async (ids: string[]) => {
        store.calls.push({ op: 'remove', args: [ids] });
        store.devices = store.devices.filter((d) => !ids.includes(d.id));
        return null;
      },
      stations: async () => [{ id: '7', stcd: 'YL001', stnm: '长江西路压力点', fields: [] }],
      ruleByCodeType: async (deviceCode: string): Promise<RuleByCodeType> => {
        const d = store.devices.find((x) => x.deviceCode === deviceCode)!;
        return {
          deviceId: d.id,
          deviceCode,
          deviceName: d.deviceName,
          deviceType: d.deviceType,
          reportNum: 3,
          fields: [{ field: 'pressure', name: '压力', unit: 'MPa', lastValue: 0.31, lastTime: '2026-01-01 10:00:00' }],
          rule: ruleView(d.id),
        };
      },
      saveRule: async (deviceId: string, rule: Record<string, unknown>) => {
        store.calls.push({ op: 'saveRule', args: [deviceId, rule] });
        store.rules[deviceId] = { ...(store.rules[deviceId] ?? { runStatus: 0 }), ...rule };
        return null;
      },
      runRule: async (ref: { deviceId: string }) => {
        store.calls.push({ op: 'run', args: [ref] });
        store.rules[ref.deviceId].runStatus = 1;
        store.rules[ref.deviceId].startTime = '2026-01-01 10:05:00';
        return store.rules[ref.deviceId] as DeviceRule;
      },
      stopRule: async (ref: { deviceId: string }) => {
        store.calls.push({ op: 'stop', args: [ref] });
        store.rules[ref.deviceId].runStatus = 0;
        return store.rules[ref.deviceId] as DeviceRule;
      },
      saveReportNum: async (id: string, n: number) => {
        store.calls.push({ op: 'report', args: [id, n] });
        return { id, reportNum: n };
      },
    },
  };
});

const { default: DevicePage, toDeviceInput, featureValue, locationValue } = await import('./DevicePage');
const { toRuleInput } = await import('./RuleDrawer');

const valve = (id: string, code: string, name: string): Partial<Device> => ({
  id,
  deviceCode: code,
  deviceName: name,
  deviceType: 'valve',
  stationId: '7',
  stationName: '长江西路压力点',
  stcd: 'YL001',
  onlineState: 'NORMAL',
  latest: [{ field: 'pressure', name: '压力', unit: 'MPa', value: 0.31, time: '2026-01-01 10:00:00' }],
  featureLayer: 'valve',
  featureId: 'FM-0001',
  x: 500100,
  y: 3519700,
  lgtd: 117.001,
  lttd: 31.8,
  address: '长江西路',
  reportNum: 3,
});

beforeEach(() => {
  store.devices = [
    valve('1', 'FM-YL001', '长江西路DN400电动闸阀'),
    valve('2', 'FM-YL002', '包河大道DN600电动蝶阀'),
    { id: '3', deviceCode: 'SZ-01', deviceName: '水厂出水水质仪', deviceType: 'waterQuality', latest: [] },
  ];
  store.rules = {};
  store.calls = [];
});

describe('device form values', () => {
  it('unpacks the picked feature and the map position into the device', () => {
    const feature = JSON.stringify({
      device: 'FM-9',
      id: 12,
      x: 1,
      y: 2,
      longitude: 117,
      latitude: 31,
      layer: 'valve',
    });
    expect(
      toDeviceInput({ deviceCode: ' V-1 ', deviceName: '阀', deviceType: 'valve', feature, stationId: '7' }),
    ).toMatchObject({ deviceCode: 'V-1', featureLayer: 'valve', featureId: 'FM-9', x: 1, y: 2, lgtd: 117, lttd: 31 });
    const location = JSON.stringify({ address: '包河大道', x: 5, y: 6, longitude: 117.2, latitude: 31.8 });
    expect(toDeviceInput({ deviceCode: 'V', deviceName: 'a', deviceType: 'valve', feature, location })).toMatchObject({
      x: 5,
      y: 6,
      address: '包河大道',
    });
    // round trip of a stored device
    const d = valve('1', 'A', 'b');
    const back = toDeviceInput({ ...d, feature: featureValue(d), location: locationValue(d) });
    expect(back).toMatchObject({ featureId: 'FM-0001', featureLayer: 'valve', x: 500100, address: '长江西路' });
  });

  it('sends blank rule numbers as null and drops empty items', () => {
    expect(
      toRuleInput({
        ruleName: ' ',
        alarmLevel: 3,
        offlineMinutes: undefined,
        items: [{ field: 'pressure', lower: 0.2, upper: undefined, ratePerHour: null }, {}],
      }),
    ).toEqual({
      ruleName: undefined,
      alarmLevel: 3,
      offlineMinutes: null,
      items: [{ field: 'pressure', lower: 0.2, upper: null, ratePerHour: null }],
    });
  });

  itKeepsZhAndEnInStep(i18n, 'keeps zh and en strings in step');
});

describe('DevicePage', { timeout: 60_000 }, () => {
  it('lists by type, adds, deletes with confirmation', async () => {
    const page = await renderScreen(<DevicePage />, 'device-page');
    expect(await within(page).findByText('长江西路DN400电动闸阀')).toBeInTheDocument();
    expect(within(page).getAllByText('长江西路压力点（YL001）')).toHaveLength(2);
    expect(within(page).getAllByText('压力 0.31 MPa').length).toBe(2);
    expect(within(page).getAllByText('未配置').length).toBeGreaterThan(0);
    expect(store.calls.find((c) => c.op === 'page')!.args[0]).toMatchObject({ deviceType: 'valve' });

    // another type
    fireEvent.click(within(page).getByRole('tab', { name: '水质' }));
    expect(await within(page).findByText('水厂出水水质仪')).toBeInTheDocument();
    expect(within(page).queryByText('长江西路DN400电动闸阀')).not.toBeInTheDocument();
    fireEvent.click(within(page).getByRole('tab', { name: '阀门' }));
    expect(await within(page).findByText('长江西路DN400电动闸阀')).toBeInTheDocument();

    // add: the required fields, then the save of a valve
    fireEvent.click(within(page).getByRole('button', { name: /新\s*增/ }));
    const dialog = (await screen.findByText(/新增\s*设备/)).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入设备编号')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('设备编号'), { target: { value: 'FM-NEW1' } });
    fireEvent.change(within(dialog).getByLabelText('设备名称'), { target: { value: '新建DN300闸阀' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(store.calls.find((c) => c.op === 'submit')!.args[0]).toMatchObject({
      deviceCode: 'FM-NEW1',
      deviceName: '新建DN300闸阀',
      deviceType: 'valve',
    });
    expect(await within(page).findByText('新建DN300闸阀')).toBeInTheDocument();

    // delete one row after the confirmation
    const row = within(page).getByText('包河大道DN600电动蝶阀').closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /删\s*除/ }));
    const confirm = (await screen.findByText('确定将选择数据删除?')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(within(page).queryByText('包河大道DN600电动蝶阀')).not.toBeInTheDocument());
    expect(store.calls.find((c) => c.op === 'remove')!.args[0]).toEqual(['2']);
  });

  it('edits a rule, saves, runs and stops it with its state shown', async () => {
    const page = await renderScreen(<DevicePage />, 'device-page');
    fireEvent.click(await within(page).findByTestId('rule-FM-YL001'));
    const drawer = await screen.findByTestId('rule-drawer');
    await waitFor(() => expect(within(drawer).getByTestId('rule-state')).toHaveTextContent('未配置'));
    // no rule yet: no run button
    expect(within(drawer).queryByTestId('rule-run')).not.toBeInTheDocument();

    // an empty rule is refused here
    fireEvent.click(screen.getByTestId('rule-save'));
    expect(await screen.findByText('规则至少需要一个监测项限值或离线超时')).toBeInTheDocument();

    // a pressure lower limit and an offline timeout
    fireEvent.click(within(drawer).getByTestId('rule-add-item'));
    const item = await within(drawer).findByTestId('rule-item');
    fireEvent.mouseDown(within(item).getByRole('combobox'));
    fireEvent.click(await screen.findByText(/^压力\(MPa\)/));
    fireEvent.change(
      within(item).getByTestId('rule-item-lower').querySelector('input') ?? within(item).getByTestId('rule-item-lower'),
      {
        target: { value: '0.28' },
      },
    );
    const offline = within(drawer).getByTestId('rule-offline');
    fireEvent.change(offline.querySelector('input') ?? offline, { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('rule-save'));
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    const saved = store.calls.find((c) => c.op === 'saveRule')!.args;
    expect(saved[0]).toBe('1');
    expect(saved[1]).toMatchObject({
      offlineMinutes: 30,
      alarmLevel: 2,
      items: [{ field: 'pressure', lower: 0.28, upper: null, ratePerHour: null }],
    });
    await waitFor(() => expect(within(drawer).getByTestId('rule-state')).toHaveTextContent('已停止'));

    // run, then stop
    fireEvent.click(await screen.findByTestId('rule-run'));
    expect(await screen.findByText('规则已运行')).toBeInTheDocument();
    await waitFor(() => expect(within(drawer).getByTestId('rule-state')).toHaveTextContent('运行中'));
    expect(within(drawer).getByText('2026-01-01 10:05:00')).toBeInTheDocument();
    fireEvent.click(await screen.findByTestId('rule-stop'));
    expect(await screen.findByText('规则已停止')).toBeInTheDocument();
    await waitFor(() => expect(within(drawer).getByTestId('rule-state')).toHaveTextContent('已停止'));
    expect(store.calls.filter((c) => c.op === 'run' || c.op === 'stop').map((c) => c.op)).toEqual(['run', 'stop']);

    // the valve's report count
    const num = within(drawer).getByTestId('report-num');
    fireEvent.change(num.querySelector('input') ?? num, { target: { value: '5' } });
    fireEvent.click(within(drawer).getByTestId('report-save'));
    await waitFor(() => expect(store.calls.find((c) => c.op === 'report')?.args).toEqual(['1', 5]));
  });
});
