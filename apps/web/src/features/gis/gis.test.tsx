import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../components/testing/render';
import { renderScreen } from '../../test/crudScreen';
import { itKeepsZhAndEnInStep } from '../../test/strings';
import * as i18n from './i18n';
import { screens } from './screens';

const store = vi.hoisted(() => ({
  events: [] as Record<string, any>[],
  valves: [] as Record<string, any>[],
  calls: [] as { op: string; args: unknown[] }[],
}));

// OpenLayers needs a canvas jsdom lacks: the map is a box whose button "clicks" the map at a plane point
vi.mock('../../components/map/NetworkMap', async (orig) => {
  const real = await orig<typeof import('../../components/map/NetworkMap')>();
  const fakeMap = {
    getSize: () => [800, 600],
    getView: () => ({
      calculateExtent: () => [499000, 3519000, 501000, 3520000],
      fit: () => undefined,
      animate: () => undefined,
    }),
    addLayer: () => undefined,
    // OpenLayers moves an overlay's element into its own container, which the map puts on the page
    addOverlay: (o: any) => document.body.appendChild(o.getElement().parentElement),
    addInteraction: () => undefined,
    removeInteraction: () => undefined,
  };
  return {
    ...real,
    NetworkMap: ({ onClick, onReady, testId = 'network-map' }: any) => {
      onReady?.(fakeMap);
      return (
        <div data-testid={testId}>
          <button type="button" data-testid={`${testId}-click`} onClick={() => onClick?.(500000, 3519675, fakeMap)}>
            map
          </button>
        </div>
      );
    },
  };
});

/** the one critical user the burst cuts off: listed among the affected users and again among the critical ones */
const hospital = {
  gid: 21,
  dno: 'SB-0021',
  name: '安徽省立医院',
  customerCount: 1,
  criticalType: 'hospital',
  pipeGid: 5,
  cause: 'segment',
};
const analysis = {
  burst: { pipeGid: 5, pipeDno: 'GX-0005', x: 500000, y: 3519675, roadName: '长江西路', dmaCode: 'DMA01' },
  segmentPipes: [5, 6],
  segmentLength: 180,
  isolatedPipes: [7],
  valves: [
    { gid: 11, dno: 'FM-0011', x: 1, y: 2, diameter: 300, distance: 40 },
    { gid: 12, dno: 'FM-0012', x: 1, y: 2, diameter: 300, distance: 90 },
  ],
  closedValves: [11, 12],
  backups: [{ forValve: 11, valves: [{ gid: 13, dno: 'FM-0013', x: 1, y: 2, diameter: 200, distance: 150 }] }],
  affectedUsers: [
    { ...hospital },
    {
      gid: 22,
      dno: 'SB-0022',
      name: '长江小区',
      customerCount: 120,
      criticalType: null,
      pipeGid: 7,
      cause: 'isolated',
    },
  ],
  affectedCustomers: 121,
  criticalUsers: [{ ...hospital }],
  sourceInSegment: false,
  tookMs: 3,
};

vi.mock('../../components/map/gisApi', async (orig) => {
  const real = await orig<typeof import('../../components/map/gisApi')>();
  const { onePage } = await import('../../test/memoryApi');
  const status = () => {
    const close = store.valves.filter((v) => v.role === 'close');
    const done = close.filter((v) => v.closed === 1).length;
    return done === close.length ? 2 : done > 0 ? 1 : 0;
  };
  return {
    ...real,
    gisApi: {
      metas: async () => [
        {
          id: 0,
          key: 'pipe',
          name: '给水管线',
          fieldAliases: { dno: '管线编号', diameter: '管径', pipeClass: '管线类别' },
        },
        { id: 2, key: 'valve', name: '阀门', fieldAliases: { dno: '阀门编号' } },
      ],
      identify: async (p: unknown) => {
        store.calls.push({ op: 'identify', args: [p] });
        return [
          {
            layerId: 2,
            layerid: 2,
            layerKey: 'valve',
            layerName: '阀门',
            dname: '阀门',
            value: 'FM-0011',
            distance: 1,
            attributes: { gid: 11, dno: 'FM-0011' },
          },
        ];
      },
      query: async (layer: string, params: Record<string, unknown>) => {
        store.calls.push({ op: 'query', args: [layer, params] });
        if (layer === 'pipe' && String(params.where).includes("'GX-0005'"))
          return {
            features: [
              {
                attributes: { gid: 5, dno: 'GX-0005', diameter: 400, pipeClass: 'distribution' },
                geometry: {
                  paths: [
                    [
                      [0, 0],
                      [2, 2],
                    ],
                  ],
                },
              },
            ],
          };
        return { features: [] };
      },
      toGeo: async () => [{ x: 117, y: 31.8 }],
    },
    dispatchApi: {
      page: async (q: Record<string, unknown>) => {
        store.calls.push({ op: 'page', args: [q] });
        const rows = store.events.map((e) => ({ ...e, eventStatus: status() }));
        return onePage(rows);
      },
      detail: async (id: string) => ({ ...store.events.find((e) => e.id === id), eventStatus: status(), analysis }),
      valves: async () => store.valves.map((v) => ({ ...v })),
      analyse: async (p: Record<string, unknown>) => {
        store.calls.push({ op: 'analyse', args: [p] });
        return { ...store.events[0], id: '99', code: 'BG202601010002', analysis };
      },
      closeValve: async (eventId: string, valveGid: number, closed: boolean) => {
        store.calls.push({ op: 'closeValve', args: [eventId, valveGid, closed] });
        const v = store.valves.find((x) => x.valveGid === valveGid && x.role === 'close')!;
        v.closed = closed ? 1 : 0;
        v.closedTime = closed ? '2026-01-01 04:00:00' : null;
        return { eventStatus: status() };
      },
      share: async (eventId: string, renew: boolean) => {
        store.calls.push({ op: 'share', args: [eventId, renew] });
        return {
          token: 't1',
          expires: 1_800_000_000,
          path: `/list-operate/shutValue?token=${eventId}.tok${renew ? '2' : '1'}`,
        };
      },
    },
  };
});

vi.mock('../../api/burst', () => ({
  burstApi: {
    preview: async (p: Record<string, unknown>) => {
      store.calls.push({ op: 'preview', args: [p] });
      return {
        pipeGid: 5,
        x: 500000,
        y: 3519675,
        networkVersion: 4,
        title: '长江西路GX-0005 爆管',
        address: '长江西路',
        dmaCode: 'DMA01',
        valveCount: 2,
        affectedCustomers: 121,
        criticalCount: 1,
        analysis,
      };
    },
    confirm: async (p: Record<string, unknown>) => {
      store.calls.push({ op: 'confirm', args: [p] });
      return { ...store.events[0], id: '99', code: 'BG202601010002', title: p.title, analysis };
    },
    void: async (id: string, reason: string) => {
      store.calls.push({ op: 'void', args: [id, reason] });
      return { id, code: 'BG202601010001', eventStatus: 3 };
    },
  },
}));

const { default: BurstEventPage } = await import('./BurstEventPage');
const { default: MapPage } = await import('./MapPage');

beforeEach(() => {
  store.events = [
    {
      id: '1',
      code: 'BG202601010001',
      title: '长江西路GX-0005 爆管',
      pipeGid: 5,
      pipeDno: 'GX-0005',
      x: 500000,
      y: 3519675,
      address: '长江西路',
      dmaCode: 'DMA01',
      source: 'manual',
      occurTime: '2026-01-01 03:00:00',
      valveCount: 2,
      affectedCustomers: 121,
      criticalCount: 1,
    },
  ];
  store.valves = [
    {
      valveGid: 11,
      valveDno: 'FM-0011',
      seq: 1,
      role: 'close',
      forValveGid: null,
      diameter: 300,
      distance: 40,
      closed: 0,
      closedTime: null,
    },
    {
      valveGid: 12,
      valveDno: 'FM-0012',
      seq: 2,
      role: 'close',
      forValveGid: null,
      diameter: 300,
      distance: 90,
      closed: 0,
      closedTime: null,
    },
    {
      valveGid: 13,
      valveDno: 'FM-0013',
      seq: 1,
      role: 'backup',
      forValveGid: 11,
      diameter: 200,
      distance: 150,
      closed: 0,
      closedTime: null,
    },
  ];
  store.calls = [];
});

describe('gis screens', () => {
  it('registers both menu screens', () => {
    expect(Object.keys(screens).sort()).toEqual(['/gis/burst-event', '/gis/map']);
  });

  itKeepsZhAndEnInStep(i18n, 'keeps zh and en strings in step');
});

describe('BurstEventPage', { timeout: 60_000 }, () => {
  it('lists events, records valves closed until the event is closed, shares a link', async () => {
    const page = await renderScreen(<BurstEventPage />, 'burst-event-page');
    expect(await within(page).findByText('BG202601010001')).toBeInTheDocument();
    expect(within(page).getByTestId('event-row-status')).toHaveTextContent('待处置');

    // 关阀登记: the valves in order with their backup
    fireEvent.click(within(page).getByTestId('close-valve-BG202601010001'));
    const drawer = await screen.findByTestId('event-drawer');
    const table = await within(drawer).findByTestId('event-valves');
    expect(await within(table).findByText('FM-0013')).toBeInTheDocument();
    expect(within(table).getByText(/替代 FM-0011/)).toBeInTheDocument();
    fireEvent.click(within(table).getByTestId('mark-FM-0011'));
    expect(await screen.findByText('已登记阀门 FM-0011 关闭')).toBeInTheDocument();
    await waitFor(() => expect(within(drawer).getByTestId('event-status')).toHaveTextContent('关阀中'));
    fireEvent.click(within(table).getByTestId('mark-FM-0012'));
    await waitFor(() => expect(within(drawer).getByTestId('event-status')).toHaveTextContent('已关阀'));
    expect(store.calls.filter((c) => c.op === 'closeValve').map((c) => c.args)).toEqual([
      ['1', 11, true],
      ['1', 12, true],
    ]);
    await waitFor(() => expect(within(page).getByTestId('event-row-status')).toHaveTextContent('已关阀'));

    // the affected and critical users
    fireEvent.click(within(drawer).getByRole('tab', { name: /重点用户/ }));
    expect(await within(drawer).findByText('安徽省立医院')).toBeInTheDocument();
    expect(within(drawer).getByText('医院')).toBeInTheDocument();

    // share
    fireEvent.click(within(page).getByTestId('share-BG202601010001'));
    expect(await screen.findByTestId('share-url')).toHaveTextContent('/list-operate/shutValue?token=1.tok1');
    // the QR code carries the same link
    expect(screen.getByTestId('share-qr').getAttribute('data-value')).toMatch(
      /\/list-operate\/shutValue\?token=1\.tok1$/,
    );
    expect(screen.getByTestId('share-qr').querySelector('canvas, svg')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /重新生成/ }));
    await waitFor(() => expect(screen.getByTestId('share-url')).toHaveTextContent('token=1.tok2'));
    expect(screen.getByTestId('share-qr').getAttribute('data-value')).toMatch(/token=1\.tok2$/);
  });

  it('voids an event only with a reason', async () => {
    const page = await renderScreen(<BurstEventPage />, 'burst-event-page');
    fireEvent.click(await within(page).findByTestId('void-BG202601010001'));
    fireEvent.click(await screen.findByTestId('void-ok'));
    expect(await screen.findByText('请输入作废原因')).toBeInTheDocument();
    expect(store.calls.some((c) => c.op === 'void')).toBe(false);
    fireEvent.change(screen.getByTestId('void-reason'), { target: { value: '重复登记' } });
    fireEvent.click(screen.getByTestId('void-ok'));
    expect(await screen.findByText('已作废爆管事件 BG202601010001')).toBeInTheDocument();
    expect(store.calls.find((c) => c.op === 'void')!.args).toEqual(['1', '重复登记']);
  });
});

describe('MapPage', { timeout: 60_000 }, () => {
  it('identifies a clicked feature, finds a code, runs the burst analysis', async () => {
    renderApp(<MapPage />);
    // layer switcher with every layer
    expect(await screen.findByText('给水管线')).toBeInTheDocument();
    expect(screen.getByText('水质监测点')).toBeInTheDocument();

    // identify: a popup with the attributes under their aliases
    fireEvent.click(screen.getByTestId('network-map-click'));
    const popup = screen.getByTestId('gis-popup');
    expect(await within(popup).findByText('阀门 FM-0011')).toBeInTheDocument();
    expect(within(popup).getByText('阀门编号')).toBeInTheDocument();

    // search by code
    const search = screen.getByTestId('gis-search');
    fireEvent.change(search.querySelector('input') ?? search, { target: { value: 'GX-0005' } });
    fireEvent.click(within(search.closest('.ant-input-search') as HTMLElement).getByRole('button'));
    expect(await within(popup).findByText('给水管线 GX-0005')).toBeInTheDocument();
    expect(within(popup).getByText('管径')).toBeInTheDocument();
    // 管线类别 through the dictionary, not the code
    expect(within(popup).getByText('管线类别').closest('tr')).toHaveTextContent('配水管');
    expect(popup).not.toHaveTextContent('distribution');

    // burst analysis: the click previews (nothing stored) with its valves and customers
    fireEvent.click(screen.getByTestId('gis-analyse'));
    fireEvent.click(screen.getByTestId('network-map-click'));
    let result = await screen.findByTestId('gis-analysis');
    expect(within(result).getByTestId('burst-preview-tag')).toHaveTextContent('预览');
    expect(within(result).getByText('FM-0011')).toBeInTheDocument();
    expect(within(result).getByTestId('burst-customers')).toHaveTextContent('121');
    expect(result).not.toHaveTextContent('BG202601010002');
    expect(store.calls.find((c) => c.op === 'preview')!.args[0]).toEqual({ x: 500000, y: 3519675 });
    expect(store.calls.some((c) => c.op === 'confirm' || c.op === 'analyse')).toBe(false);
    // 取消 drops it
    fireEvent.click(within(result).getByTestId('burst-cancel'));
    await waitFor(() => expect(screen.queryByTestId('gis-analysis')).toBeNull());
    expect(store.calls.some((c) => c.op === 'confirm')).toBe(false);

    // preview again, rename it, 确认 stores it with the previewed network version
    fireEvent.click(screen.getByTestId('network-map-click'));
    result = await screen.findByTestId('gis-analysis');
    const title = within(result).getByTestId('burst-title');
    fireEvent.change(title, { target: { value: '长江西路爆管（确认）' } });
    fireEvent.click(within(result).getByTestId('burst-confirm'));
    await waitFor(() => expect(screen.getByTestId('gis-analysis')).toHaveTextContent('BG202601010002'));
    expect(screen.getByTestId('burst-stored')).toBeInTheDocument();
    expect(store.calls.find((c) => c.op === 'confirm')!.args[0]).toEqual({
      pipeGid: 5,
      x: 500000,
      y: 3519675,
      title: '长江西路爆管（确认）',
      networkVersion: 4,
    });
  });
});
