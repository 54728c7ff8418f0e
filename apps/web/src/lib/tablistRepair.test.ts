import { describe, expect, it } from 'vitest';
import { repairTablists } from './tablistRepair';

describe('tab list repair', () => {
  it('gives the tablist role to the list of tabs and hides the close buttons', () => {
    const root = document.createElement('div');
    root.innerHTML = `<div class="ant-tabs-nav" role="tablist" aria-orientation="horizontal">
      <div class="ant-tabs-nav-wrap"><div class="ant-tabs-nav-list">
        <div class="ant-tabs-tab"><div role="tab">A</div><button class="ant-tabs-tab-remove">x</button></div>
      </div></div>
      <div class="ant-tabs-nav-operations"><button class="ant-tabs-nav-more">…</button></div>
    </div>`;
    repairTablists(root);
    const nav = root.querySelector('.ant-tabs-nav')!;
    const list = root.querySelector('.ant-tabs-nav-list')!;
    expect(nav.getAttribute('role')).toBeNull();
    expect(list.getAttribute('role')).toBe('tablist');
    expect(list.getAttribute('aria-orientation')).toBe('horizontal');
    expect(root.querySelector('.ant-tabs-tab-remove')!.getAttribute('aria-hidden')).toBe('true');
    expect(root.querySelector('.ant-tabs-tab-remove')!.getAttribute('tabindex')).toBe('-1');
    // idempotent
    repairTablists(root);
    expect(root.querySelectorAll('[role="tablist"]')).toHaveLength(1);
  });

  it('lets the keyboard reach a table with nothing focusable in it (it may scroll sideways)', () => {
    const root = document.createElement('div');
    root.innerHTML = `<div class="ant-table ant-table-empty"><div class="ant-table-container">
      <div class="ant-table-content"><table></table></div></div></div>
      <div class="ant-table"><div class="ant-table-container"><div class="ant-table-content"><button>x</button>
        <table><tr class="ant-table-measure-row" aria-hidden="true"><td><input type="checkbox"></td></tr></table>
      </div></div></div>`;
    repairTablists(root);
    const [empty, full] = root.querySelectorAll('.ant-table-content');
    expect(empty.getAttribute('tabindex')).toBe('0');
    expect(full.getAttribute('tabindex')).toBeNull();
    // the hidden measuring row's copy of the select-all box is out of the tab order
    expect(root.querySelector('.ant-table-measure-row input')!.getAttribute('tabindex')).toBe('-1');
  });
});
