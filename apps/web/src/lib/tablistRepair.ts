/**
 * antd's Tabs put `role="tablist"` on the whole navigation bar, which also holds buttons (each closable tab's ×, the
 * overflow "more" button, extra content such as the tab bar's actions). A tablist may own only tabs, so screen
 * readers (and axe's aria-required-children) find a broken tab list on every page. This moves the role to the list
 * of tabs itself and takes the close buttons, which are not in the tab order (antd closes the focused tab with
 * Delete), out of the accessibility tree. Runs once per change of the document, batched to a frame.
 */
export function repairTablists(root: ParentNode = document) {
  for (const nav of root.querySelectorAll<HTMLElement>('.ant-tabs-nav[role="tablist"]')) {
    const list = nav.querySelector<HTMLElement>('.ant-tabs-nav-list');
    if (!list) continue;
    list.setAttribute('role', 'tablist');
    const orientation = nav.getAttribute('aria-orientation');
    if (orientation) list.setAttribute('aria-orientation', orientation);
    nav.removeAttribute('role');
    nav.removeAttribute('aria-orientation');
  }
  for (const remove of root.querySelectorAll<HTMLElement>('.ant-tabs-tab-remove:not([aria-hidden])')) {
    remove.setAttribute('aria-hidden', 'true');
    // hidden from the tree means out of the tab order too (axe aria-hidden-focus)
    remove.tabIndex = -1;
  }
  repairScrollRegions(root);
}

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/**
 * A table that scrolls sideways but holds nothing focusable (an empty result, read-only rows) cannot be scrolled from
 * the keyboard (axe scrollable-region-focusable): such a scroll container joins the tab order.
 */
export function repairScrollRegions(root: ParentNode = document) {
  // antd's measuring row (aria-hidden, for column widths) copies the header's select-all checkbox
  for (const el of root.querySelectorAll<HTMLElement>(
    `.ant-table-measure-row :is(${FOCUSABLE}):not([tabindex="-1"])`,
  )) {
    el.tabIndex = -1;
  }
  for (const box of root.querySelectorAll<HTMLElement>(
    '.ant-table-content:not([tabindex]), .ant-table-body:not([tabindex])',
  )) {
    if (!box.querySelector(FOCUSABLE)) box.tabIndex = 0;
  }
}

export function watchTablists(root: HTMLElement = document.body): () => void {
  let queued = false;
  const run = () => {
    queued = false;
    repairTablists(root);
  };
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(run);
  });
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['role'] });
  repairTablists(root);
  return () => observer.disconnect();
}
