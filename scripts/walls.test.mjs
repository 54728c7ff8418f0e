// The rules of scripts/walls.mjs, each shown allowing what keeps to the walls and refusing what crosses them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { crossing, importsOf, loops } from './walls.mjs';

const S = 'apps/server/src/';
const W = 'apps/web/src/';

test('finds static, dynamic and re-export specifiers, not commented ones or templates', () => {
  const text = `import a from './a.ts';\nimport './side.css';\nexport * from '../b/index.ts';\n// import x from './gone.ts';\nconst c = await import('../c/x.ts');\nconst t = \`from '../modules/\${n}/schema.ts'\`;`;
  assert.deepEqual(importsOf(text).sort(), ['../b/index.ts', '../c/x.ts', './a.ts', './side.css']);
});

test('server: another module only through its index.ts', () => {
  assert.equal(crossing(`${S}modules/user/service.ts`, `${S}modules/permission/index.ts`), null);
  assert.equal(crossing(`${S}modules/user/service.ts`, `${S}modules/user/schema.ts`), null);
  assert.ok(crossing(`${S}modules/user/service.ts`, `${S}modules/permission/grant-cleanup.ts`));
  assert.equal(crossing(`${S}modules/index.ts`, `${S}modules/user/module.ts`), null);
});

test('server: db/schema.ts is no way in for modules; core imports no module; tests are free', () => {
  assert.ok(crossing(`${S}modules/alarm/seed.ts`, `${S}db/schema.ts`));
  assert.equal(crossing(`${S}db/connection.ts`, `${S}db/schema.ts`), null);
  assert.ok(crossing(`${S}core/gate.ts`, `${S}modules/auth/index.ts`));
  assert.equal(crossing(`${S}modules/alarm/alarm.api.test.ts`, `${S}db/schema.ts`), null);
});

test('web: features use only shared layers; shell does not import app', () => {
  assert.equal(crossing(`${W}features/alarm/Page.tsx`, `${W}components/crud/CrudPage`), null);
  assert.equal(crossing(`${W}features/alarm/Page.tsx`, `${W}features/alarm/columns`), null);
  assert.ok(crossing(`${W}features/alarm/Page.tsx`, `${W}features/monitor/HistoryChart`));
  assert.ok(crossing(`${W}features/alarm/Page.tsx`, `${W}shell/bell/useLiveEvent`));
  assert.ok(crossing(`${W}features/alarm/Page.tsx`, `${W}app/queryClient`));
  assert.equal(crossing(`${W}features/registry.ts`, `${W}features/alarm/screens`), null);
  assert.ok(crossing(`${W}shell/Layout.tsx`, `${W}app/routes`));
  assert.equal(crossing(`${W}app/router.tsx`, `${W}shell/Layout`), null);
  assert.ok(crossing(`${W}stores/ui.ts`, `${W}app/website`));
  assert.ok(crossing(`${W}components/x/Y.tsx`, `${W}features/a/B`));
});

test('module loops are found as groups', () => {
  const g = new Map([
    ['auth', new Set(['user'])],
    ['user', new Set(['system'])],
    ['system', new Set(['auth'])],
    ['alarm', new Set(['user'])],
  ]);
  assert.deepEqual(loops(g), ['loop auth,system,user']);
  assert.deepEqual(loops(new Map([['a', new Set(['b'])]])), []);
});
