import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../components/testing/render';

const store = vi.hoisted(() => ({
  objects: [] as any[],
  calls: [] as { op: string; args: unknown[] }[],
}));

vi.mock('../../../components/map', () => ({ MapCoordinateDialog: () => null }));
vi.mock('../../../api/patrol', async (orig) => {
  const real = await orig<typeof import('../../../api/patrol')>();
  const { onePage } = await import('../../../test/memoryApi');
  const page = (rows: () => any[], op: string) => async (q: any) => {
    store.calls.push({ op, args: [q] });
    return onePage(rows());
  };
  return {
    ...real,
    patrolTypeApi: {
      ...real.patrolTypeApi,
      page: async () => [
        { id: 't1', typeCode: 'routine', typeName: '日常巡检', sort: 1 },
        { id: 't2', typeCode: 'special', typeName: '专项巡检', sort: 2 },
      ],
    },
    patrolTypeObjectApi: {
      ...real.patrolTypeObjectApi,
      page: page(() => store.objects, 'typeObjects'),
      submit: async (row: any) => {
        store.calls.push({ op: 'submitTypeObject', args: [row] });
        return row;
      },
    },
    patrolDictApi: {
      ...real.patrolDictApi,
      facilityTypes: async () => [{ code: 'valve', name: '阀门', checkItems: ['阀门井盖是否完好', '阀门有无漏水'] }],
    },
    jobObjectApi: {
      ...real.jobObjectApi,
      page: page(
        () => [
          {
            id: 'j1',
            objectCode: 'JO1001',
            objectName: '长江西路管道1号',
            facilityType: 'pipe',
            deptName: '管网巡检一班',
            lon: 117.2,
            lat: 31.8,
            x: 1,
            y: 2,
          },
        ],
        'jobObjects',
      ),
    },
  };
});

const { default: TypePage } = await import('./TypePage');
const { default: JobObjectPage } = await import('./JobObjectPage');

beforeEach(() => {
  store.objects = [
    {
      id: 'o1',
      typeId: 't1',
      facilityType: 'pipe',
      objectName: '管道',
      checkItems: '地面有无塌陷、渗水\n管线上方有无占压',
      sort: 1,
    },
  ];
  store.calls = [];
});

describe('catalog screens', { timeout: 60_000 }, () => {
  it('types: choosing a type lists what it inspects; a new object without items gets the facility defaults', async () => {
    renderApp(<TypePage />);
    expect(await screen.findByTestId('type-hint')).toBeInTheDocument();
    fireEvent.click(await screen.findByText('日常巡检'));
    const objects = await screen.findByTestId('type-objects');
    expect(await within(objects).findByText('地面有无塌陷、渗水；管线上方有无占压')).toBeInTheDocument();
    expect(store.calls.find((c) => c.op === 'typeObjects')!.args[0]).toMatchObject({ typeId: 't1' });
    expect(screen.getByText('「日常巡检」的巡检内容')).toBeInTheDocument();

    fireEvent.click(within(objects).getByRole('button', { name: /新\s*增/ }));
    const form = await screen.findByTestId('crud-form');
    fireEvent.mouseDown(within(form).getAllByRole('combobox')[0]);
    fireEvent.click(await screen.findByTitle('阀门'));
    fireEvent.change(within(form).getByLabelText('对象名称'), { target: { value: '阀门' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(store.calls.some((c) => c.op === 'submitTypeObject')).toBe(true));
    expect(store.calls.find((c) => c.op === 'submitTypeObject')!.args[0]).toMatchObject({
      typeId: 't1',
      facilityType: 'valve',
      objectName: '阀门',
      checkItems: '阀门井盖是否完好\n阀门有无漏水',
    });
  });

  it('job objects: the list with facility names and the keyword search', async () => {
    renderApp(<JobObjectPage />);
    const page = await screen.findByTestId('patrol-job-object');
    expect(await within(page).findByText('长江西路管道1号')).toBeInTheDocument();
    expect(within(page).getAllByText('管道').length).toBeGreaterThan(0);
    fireEvent.change(within(page).getByLabelText('编号/名称'), { target: { value: 'JO1' } });
    fireEvent.click(within(page).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() =>
      expect(store.calls.filter((c) => c.op === 'jobObjects').at(-1)!.args[0]).toMatchObject({ keyword: 'JO1' }),
    );
  });
});
