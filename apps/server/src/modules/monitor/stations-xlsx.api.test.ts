import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { appSuite, type TestApp } from '../../../test/harness.ts';
import { type Cell, expectDryRun, filledTemplate, uploadXlsx } from '../../../test/xlsx.ts';

let t: TestApp;
appSuite((app) => (t = app));

const sheet = (rows: Cell[][]) => filledTemplate(t, '/api/swp-monitor/import/station-template', rows);
const upload = (buf: Buffer, fields: Record<string, string>) =>
  uploadXlsx(t, '/api/swp-monitor/import/stations', buf, fields, 'stations.xlsx');

describe('station import from xlsx', () => {
  it('template, dry run per row, apply, a second apply changes nothing, rejected rows with reasons', async () => {
    const good: (string | number | null)[][] = [
      ['XS001', '导入压力点1', 'YL', 'pressure:300', '城东', '和平路 1 号', 520000, 3520000],
      ['XS002', '导入流量点2', 'LL', 'flow, pressure:60', null, null, null, null],
    ];
    const bad: (string | number | null)[][] = [
      ['XS003', '类型错误', 'QQ', 'flow', null, null, null, null],
      ['XS004', '字段错误', 'LL', 'speed', null, null, null, null],
      ['XS005', '坐标错误', 'LL', 'flow', null, null, 117.2, 31.8],
      ['XS001', '重复', 'YL', 'pressure', null, null, null, null],
    ];
    const dry = (await upload(await sheet([...good, ...bad]), { dryRun: 'true' })).json().data;
    expectDryRun(
      dry,
      'stcd',
      ['XS001:insert', 'XS002:insert'],
      [
        [4, expect.stringContaining('站点类型 QQ')],
        [5, expect.stringContaining('speed')],
        [6, expect.stringContaining('EPSG:4548')],
        [7, expect.stringContaining('重复')],
      ],
    );
    const refused = await upload(await sheet([...good, ...bad]), { dryRun: 'false' });
    expect(refused.statusCode).toBe(400);
    expect((await t.get('/api/swp-computing/monitor/station/page', { keyword: 'XS00' })).json().data.total).toBe(0);

    const applied = (await upload(await sheet(good), { dryRun: 'false' })).json().data;
    expect(applied).toMatchObject({ inserted: 2, updated: 0, unchanged: 0 });
    const page = (await t.get('/api/swp-computing/monitor/station/page', { keyword: 'XS00' })).json().data;
    expect(page.records.map((r: { stcd: string }) => r.stcd).sort()).toEqual(['XS001', 'XS002']);
    const xs2 = page.records.find((r: { stcd: string }) => r.stcd === 'XS002');
    expect(xs2.fields.map((f: { field: string }) => f.field).sort()).toEqual(['flow', 'pressure']);

    const again = (await upload(await sheet(good), { dryRun: 'false' })).json().data;
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    const renamed = (
      await upload(await sheet([['XS001', '导入压力点一', 'YL', 'pressure', '城东', '和平路 1 号', 520000, 3520000]]), {
        dryRun: 'false',
      })
    ).json().data;
    expect(renamed).toMatchObject({ updated: 1 });
  });

  it('refuses a file that is not xlsx or lacks the code column', async () => {
    const res = await upload(Buffer.from('a,b'), { dryRun: 'true' });
    expect(res.statusCode).toBe(400);
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('x').addRow(['名称']);
    const res2 = await upload(Buffer.from(await wb.xlsx.writeBuffer()), { dryRun: 'true' });
    expect(res2.json().msg).toContain('站点编码');
  });
});
