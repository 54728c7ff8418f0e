import { describe, expect, it } from 'vitest';
import { appSuite, type TestApp } from '../../../test/harness.ts';
import { type Cell, expectDryRun, filledTemplate, uploadXlsx } from '../../../test/xlsx.ts';

let t: TestApp;
appSuite((app) => (t = app));

const BASE = '/api/swp-admin/device-base/import';
const sheet = (rows: Cell[][]) => filledTemplate(t, `${BASE}/template`, rows);
const upload = (buf: Buffer, fields: Record<string, string>) => uploadXlsx(t, BASE, buf, fields, 'devices.xlsx');

describe('device import from xlsx', () => {
  it('binds devices to stations and their fields: dry run report, apply, idempotent re-apply, refusals', async () => {
    const st = await t.app.ctx.database.pool.query<{ stcd: string; id: string }>(
      `select st.stcd, st.id::text from swp_monitor_station st join swp_monitor_series s on s.station_id = st.id
        where st.tenant_id = '000000' and st.is_deleted = 0 and s.field = 'pressure' order by st.stcd limit 1`,
    );
    const { stcd, id: stationId } = st.rows[0];
    const good: Cell[][] = [
      [
        'IMPV-1',
        '导入阀门一',
        'valve',
        stcd,
        'pressure',
        'DN300',
        '某阀门厂',
        '2024-06-01',
        null,
        null,
        null,
        null,
        null,
      ],
      ['IMPV-2', '导入摄像头', '视频', null, null, null, null, null, null, null, null, '长江路 1 号', null],
    ];
    const bad: Cell[][] = [
      ['IMPV-3', '类型错', 'boiler', null, null],
      ['IMPV-4', '站点错', 'pump', 'NO-SUCH-ST', null],
      ['IMPV-5', '字段错', 'valve', stcd, 'turbidity'],
      ['IMPV 6', '编号错', 'valve', null, null],
      ['IMPV-7', '日期错', 'valve', null, null, null, null, '2024-13-01'],
    ];
    const dry = (await upload(await sheet([...good, ...bad]), { dryRun: 'true' })).json().data;
    expectDryRun(
      dry,
      'key',
      ['IMPV-1:insert', 'IMPV-2:insert'],
      [
        [4, expect.stringContaining('设备类型 boiler 无效')],
        [5, expect.stringContaining('站点编码 NO-SUCH-ST 不存在')],
        [6, expect.stringContaining(`没有数据字段 turbidity`)],
        [7, expect.stringContaining('设备编号')],
        [8, expect.stringContaining('YYYY-MM-DD')],
      ],
    );
    expect((await upload(await sheet([...good, ...bad]), { dryRun: 'false' })).statusCode).toBe(400);
    const applied = (await upload(await sheet(good), { dryRun: 'false' })).json().data;
    expect(applied).toMatchObject({ applied: true, inserted: 2, updated: 0 });
    const page = (await t.get('/api/swp-admin/device-base/page', { deviceType: 'valve', keyword: 'IMPV' })).json().data;
    expect(page.records).toHaveLength(1);
    expect(page.records[0]).toMatchObject({ deviceCode: 'IMPV-1', stationId, reportNum: 3 });
    expect(page.records[0].lgtd).not.toBeNull();

    const again = (await upload(await sheet(good), { dryRun: 'false' })).json().data;
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    // the type of a stored device cannot change through the import
    const retype = (await upload(await sheet([['IMPV-1', '导入阀门一', 'pump', stcd]]), { dryRun: 'true' })).json()
      .data;
    expect(retype.rejected[0].reason).toContain('设备类型不能修改');

    // another tenant's administrator sees neither the devices nor this tenant's stations
    const token = t.token;
    try {
      await t.signIn('admin', 'admin', '100001');
      const probe = (
        await upload(await sheet([['IMPV-9', '越权', 'valve', stcd, 'pressure']]), { dryRun: 'true' })
      ).json().data;
      const same = await t.app.ctx.database.pool.query(
        `select 1 from swp_monitor_station where tenant_id = '100001' and stcd = $1 and is_deleted = 0`,
        [stcd],
      );
      if (!same.rowCount) expect(probe.rejected[0].reason).toContain(`站点编码 ${stcd} 不存在`);
      else expect(probe.rows[0]).toMatchObject({ key: 'IMPV-9', action: 'insert' });
      const theirs = (await t.get('/api/swp-admin/device-base/page', { deviceType: 'valve', keyword: 'IMPV' })).json();
      expect(theirs.data.total).toBe(0);
    } finally {
      t.token = token;
    }
  });
});
