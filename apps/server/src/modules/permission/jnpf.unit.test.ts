import { describe, expect, it } from 'vitest';
import { ApiError } from '../../core/envelope.ts';
import { bladeQuery, buildTree, idArray } from './jnpf.ts';

describe('JNPF shapes', () => {
  it('nests nodes by parentId, omits empty children, survives cycles and orphans', () => {
    const tree = buildTree([
      { id: '1', parentId: '0', fullName: 'a' },
      { id: '2', parentId: '1', fullName: 'b' },
      { id: '3', parentId: '9', fullName: 'orphan' },
      { id: '4', parentId: '4', fullName: 'self' },
    ]);
    expect(tree).toEqual([
      { id: '1', parentId: '0', fullName: 'a', children: [{ id: '2', parentId: '1', fullName: 'b' }] },
      { id: '3', parentId: '9', fullName: 'orphan' },
      { id: '4', parentId: '4', fullName: 'self' },
    ]);
  });

  it('maps JNPF paging and sorting onto the BladeX query, refusing unknown fields', () => {
    expect(
      bladeQuery(
        { currentPage: '2', pageSize: '30', keyword: ' x ', sidx: 'fullName', sort: 'desc' },
        { fullName: 'roleName' },
      ),
    ).toEqual({
      current: 2,
      size: 30,
      keyword: 'x',
      descs: 'roleName',
    });
    expect(bladeQuery({}, {})).toEqual({ current: 1, size: 20 });
    expect(() => bladeQuery({ sidx: 'password' }, {})).toThrow(ApiError);
    expect(() => bladeQuery({ currentPage: '0' }, {})).toThrow('currentPage');
    expect(() => bladeQuery({ sidx: 'fullName', sort: 'sideways' }, { fullName: 'x' })).toThrow('sort');
  });

  it('reads id lists from arrays or comma-joined strings', () => {
    expect(idArray(['1', 2, '1'], 'ids')).toEqual(['1', '2']);
    expect(idArray('3,4', 'ids')).toEqual(['3', '4']);
    expect(idArray(undefined, 'ids')).toEqual([]);
    expect(() => idArray(undefined, 'ids', true)).toThrow('缺少必要的请求参数: ids');
    expect(() => idArray('1,x', 'ids')).toThrow('无效的编号');
    expect(() => idArray({}, 'ids')).toThrow('编号列表');
  });
});
