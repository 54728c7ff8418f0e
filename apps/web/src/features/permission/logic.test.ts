import { describe, expect, it } from 'vitest';
import type { JnpfNode } from '../../api/permission';
import {
  addMembers,
  changedGrants,
  filterOrgTree,
  flattenTree,
  grantIds,
  nestTree,
  nonEmptyGrants,
  removeMembers,
  toGrantNodes,
  toOptions,
} from './logic';

const org: JnpfNode[] = [
  {
    id: '1',
    parentId: '0',
    fullName: '合肥水务集团',
    enCode: '合肥市供水集团有限公司',
    children: [
      {
        id: '2',
        parentId: '1',
        fullName: '管网分公司',
        children: [{ id: '3', parentId: '2', fullName: '管网巡检一班', enCode: 'Patrol One' }],
      },
      { id: '4', parentId: '1', fullName: '调度中心', children: [{ id: '5', parentId: '4', fullName: '调度值班组' }] },
    ],
  },
];

describe('organisation trees', () => {
  it('flattens depth first without children, and nests back in order', () => {
    const flat = flattenTree(org);
    expect(flat.map((n) => n.id)).toEqual(['1', '2', '3', '4', '5']);
    expect(flat.every((n) => !('children' in n))).toBe(true);
    expect(nestTree(flat)).toEqual(org);
  });

  it('nests a node whose parent is missing (or itself) as a root, and each id once', () => {
    const tree = nestTree([
      { id: 'a', parentId: 'x' },
      { id: 'b', parentId: 'a' },
      { id: 'c', parentId: 'c' },
      { id: 'b', parentId: 'a' },
    ]);
    expect(tree).toEqual([
      { id: 'a', parentId: 'x', children: [{ id: 'b', parentId: 'a' }] },
      { id: 'c', parentId: 'c' },
    ]);
  });

  it('a keyword keeps the matching nodes (name or full name, any case), nested among themselves', () => {
    expect(filterOrgTree(org, '')).toBe(org);
    expect(filterOrgTree(org, undefined)).toBe(org);
    expect(filterOrgTree(org, '调度').map((n) => n.fullName)).toEqual(['调度中心']);
    expect(filterOrgTree(org, '调度')[0].children?.map((n) => n.fullName)).toEqual(['调度值班组']);
    expect(filterOrgTree(org, 'patrol one').map((n) => n.id)).toEqual(['3']);
    expect(filterOrgTree(org, '  有限公司 ').map((n) => n.id)).toEqual(['1']);
    expect(filterOrgTree(org, '无此机构')).toEqual([]);
  });

  it('options of the tree selects: unpickable nodes are shown but cannot be chosen', () => {
    const users: JnpfNode[] = [
      {
        id: 'd1',
        fullName: '调度值班组',
        type: 'department',
        children: [{ id: 'u1', fullName: '李明/operator', type: 'user' }],
      },
    ];
    expect(toOptions(users, (n) => n.type === 'user')).toEqual([
      {
        value: 'd1',
        title: '调度值班组',
        selectable: false,
        disableCheckbox: true,
        children: [{ value: 'u1', title: '李明/operator', children: undefined }],
      },
    ]);
    expect(toOptions(undefined)).toEqual([]);
  });
});

describe('grants', () => {
  it('check-tree nodes: titles from fullName, data scopes with their resource code', () => {
    expect(
      toGrantNodes([
        {
          id: 'm1',
          fullName: '用户管理',
          type: 'module',
          children: [{ id: 's1', fullName: '本部门', enCode: 'user', type: 'resource' }],
        },
      ]),
    ).toEqual([{ id: 'm1', title: '用户管理', children: [{ id: 's1', title: '本部门 (user)', children: undefined }] }]);
  });

  it('tree types keep only grantable ids (the half-checked menus above a button are dropped), once each', () => {
    expect(grantIds('button', ['menu1', 'b1', 'b2', 'b1'], ['b1', 'b2', 'b3'])).toEqual(['b1', 'b2']);
    expect(grantIds('module', ['m2', 'm1'], ['m1', 'm2'])).toEqual(['m2', 'm1']);
    expect(grantIds('resource', undefined, ['s1'])).toEqual([]);
  });

  it('columns and forms keep valid keys whatever the candidates', () => {
    expect(grantIds('column', ['account', ' realName ', 'bad key', 'a'.repeat(65), 'x.y:z-1', 'account'], [])).toEqual([
      'account',
      'realName',
      'x.y:z-1',
    ]);
  });

  it('a save sends only the item types that changed (order does not count)', () => {
    const before = { module: ['m1', 'm2'], button: ['b1'], column: [], form: [], resource: ['s1'] };
    expect(changedGrants(before, { ...before, module: ['m2', 'm1'] })).toEqual({});
    expect(changedGrants(before, { ...before, button: [], column: ['account'] })).toEqual({
      button: [],
      column: ['account'],
    });
    expect(changedGrants({}, { module: ['m1'] })).toEqual({ module: ['m1'] });
  });

  it('a batch sends the item types with ids', () => {
    expect(nonEmptyGrants({ module: ['m1'], button: [], column: undefined, form: ['f'] })).toEqual({
      module: ['m1'],
      form: ['f'],
    });
  });
});

describe('members', () => {
  it('adds newcomers once, removes the chosen', () => {
    expect(addMembers(['a', 'b'], ['b', 'c', 'c'])).toEqual(['a', 'b', 'c']);
    expect(removeMembers(['a', 'b', 'c'], ['b', 'x'])).toEqual(['a', 'c']);
  });
});
