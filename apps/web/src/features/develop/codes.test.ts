import { describe, expect, it, vi } from 'vitest';
import { codeBody, codeNameOf, previewFiles, settingsName } from './codes';

vi.mock('../../api/lowcode', async (orig) => {
  const real = await orig<typeof import('../../api/lowcode')>();
  return {
    ...real,
    bladeCodeApi: {
      preview: async (id: string) => ({
        list: [
          { fileName: 'schema.ts', path: `apps/server/src/modules/m${id}/schema.ts`, content: `// ${id}` },
          { fileName: 'README.md', path: 'README.md', content: '#' },
        ],
      }),
    },
  };
});

describe('代码生成 rules', () => {
  it('a setting from a table no longer names an online module; texts trimmed', () => {
    expect(codeBody({ id: '1', codeName: ' tariff ', tableName: 'swp_water_tariff', moduleId: '9' })).toEqual({
      id: '1',
      codeName: 'tariff',
      tableName: 'swp_water_tariff',
      moduleId: null,
    });
    expect(codeBody({ codeName: 'a', moduleId: '9' })).toEqual({ codeName: 'a', moduleId: '9' });
  });

  it('suggests a code name from a table (prefix dropped) only when it fits the server’s rule', () => {
    expect(codeNameOf('swp_water_tariff')).toBe('swp_water_tariff');
    expect(codeNameOf('swp_water_tariff', 'swp_')).toBe('water_tariff');
    expect(codeNameOf('BillItem')).toBe('billitem');
    expect(codeNameOf('2024_data')).toBe('data');
    expect(codeNameOf('123')).toBe('');
  });

  it('previews one setting’s files as they are, several under a folder each (as the zip)', async () => {
    expect((await previewFiles([{ id: '1', codeName: 'a' }])).map((f) => f.path)).toEqual([
      'apps/server/src/modules/m1/schema.ts',
      'README.md',
    ]);
    const two = await previewFiles([
      { id: '1', codeName: 'a' },
      { id: '2', codeName: 'b' },
    ]);
    expect(two.map((f) => f.path)).toEqual([
      'a/apps/server/src/modules/m1/schema.ts',
      'a/README.md',
      'b/apps/server/src/modules/m2/schema.ts',
      'b/README.md',
    ]);
    expect(two[2].content).toBe('// 2');
    expect(settingsName([{ serviceName: '水价', codeName: 'a' }, { codeName: 'b' }])).toBe('水价、b');
  });
});
