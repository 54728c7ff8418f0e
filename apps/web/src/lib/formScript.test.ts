import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRIPT } from '../components/widgets/ScriptEditorDialog';
import { callHook, formScriptOf, runFormHook, withFormScript, withoutFormScript, workerSource } from './formScript';

describe('form script hooks', () => {
  it('the default template runs every hook without changing anything', async () => {
    for (const hook of ['beforeMount', 'afterMount', 'beforeSubmit', 'afterSubmit']) {
      const out = await callHook(DEFAULT_SCRIPT, hook, { a: 1 }, 'add');
      expect(out).toEqual({ data: { a: 1 } });
    }
  });

  it('a hook changes the values in place or returns new ones', async () => {
    const script = `({
      beforeMount(data, ctx) { if (ctx.mode === 'add') data.paramValue = 'x'; },
      afterMount(data) { return { ...data, paramName: data.paramKey + '!' }; },
    })`;
    expect((await callHook(script, 'beforeMount', { paramKey: 'k' }, 'add')).data).toEqual({
      paramKey: 'k',
      paramValue: 'x',
    });
    expect((await callHook(script, 'beforeMount', { paramKey: 'k' }, 'edit')).data).toEqual({ paramKey: 'k' });
    expect((await callHook(script, 'afterMount', { paramKey: 'k' }, 'add')).data).toEqual({
      paramKey: 'k',
      paramName: 'k!',
    });
  });

  it('beforeSubmit stops a save with false or with a message; true lets it through', async () => {
    const script = `({ beforeSubmit(d) { if (!d.v) return false; if (d.v > 9) return '数值不能大于 9'; return true; } })`;
    expect((await callHook(script, 'beforeSubmit', {}, 'add')).stop).toBe(true);
    expect((await callHook(script, 'beforeSubmit', { v: 12 }, 'add')).stop).toBe('数值不能大于 9');
    expect((await callHook(script, 'beforeSubmit', { v: 3 }, 'add')).stop).toBeUndefined();
  });

  it('async hooks are awaited', async () => {
    const script = `({ async beforeSubmit(d) { await null; d.x = 2; return true; } })`;
    expect((await callHook(script, 'beforeSubmit', { x: 1 }, 'edit')).data).toEqual({ x: 2 });
  });

  it('syntax and runtime errors are reported and leave the values alone', async () => {
    const bad = await callHook('({ beforeMount( { }', 'beforeMount', { a: 1 }, 'add');
    expect(bad.data).toEqual({ a: 1 });
    expect(bad.error).toMatch(/SyntaxError/);
    const thrown = await callHook(`({ beforeMount() { throw new Error('boom'); } })`, 'beforeMount', { a: 1 }, 'add');
    expect(thrown).toEqual({ data: { a: 1 }, error: 'Error: boom' });
  });

  it('the hook sees a copy: changing it does not touch the caller’s object until returned', async () => {
    const input = { list: [1] };
    const out = await callHook(`({ beforeMount(d) { d.list.push(2); } })`, 'beforeMount', input, 'add');
    expect(input.list).toEqual([1]);
    expect(out.data).toEqual({ list: [1, 2] });
  });

  it('no script or no such hook: nothing runs (no worker is started)', async () => {
    expect(await runFormHook(undefined, 'beforeMount', { a: 1 }, 'add')).toEqual({ data: { a: 1 } });
    expect(await runFormHook('({ afterSubmit() {} })', 'beforeMount', { a: 1 }, 'add')).toEqual({ data: { a: 1 } });
  });

  it('the worker source locks the network and storage away before evaluating anything', () => {
    const src = workerSource();
    expect(src.indexOf('fetch')).toBeLessThan(src.indexOf('self.onmessage'));
    for (const k of ['fetch', 'XMLHttpRequest', 'WebSocket', 'importScripts', 'indexedDB']) expect(src).toContain(k);
  });
});

describe('the form script on a menu entry', () => {
  it('is read from propertyJson text or object', () => {
    expect(formScriptOf('{"formScript":"({})"}')).toBe('({})');
    expect(formScriptOf({ formScript: '({})' })).toBe('({})');
    expect(formScriptOf('{"formScript":"  "}')).toBeUndefined();
    expect(formScriptOf('not json')).toBeUndefined();
    expect(formScriptOf(null)).toBeUndefined();
  });

  it('is written into propertyJson beside the other properties, and removed when cleared', () => {
    expect(withFormScript('{"hidden":true}', '({})')).toBe('{"hidden":true,"formScript":"({})"}');
    expect(withFormScript('{"hidden":true,"formScript":"x"}', '')).toBe('{"hidden":true}');
    expect(withFormScript(undefined, '')).toBeNull();
    expect(withFormScript('', '({})')).toBe('{"formScript":"({})"}');
    expect(withFormScript('{oops', '({})')).toBe('{oops');
  });

  it('the properties editor shows the rest', () => {
    expect(withoutFormScript('{"hidden":true,"formScript":"x"}')).toBe('{"hidden":true}');
    expect(withoutFormScript('{"formScript":"x"}')).toBeUndefined();
    expect(withoutFormScript('{oops')).toBe('{oops');
  });
});
