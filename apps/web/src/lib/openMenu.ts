/**
 * Opening a menu entry as the side menu does (route, embedded frame, dynamic list, external window); at size class 1
 * or lower the menu collapses after a click. Shared by the shell's side menu and the pages that list menu entries
 * (在线应用), so features need not import the shell (issue 23).
 */
import { useNavigate } from 'react-router';
import { useUi } from '../stores/ui';
import { type MenuItem, menuTarget } from './menu';
import { collapseAfterClick } from './size';

/** Opens a menu entry. */
export function useOpenMenu() {
  const navigate = useNavigate();
  return (item: MenuItem) => {
    const target = menuTarget(item);
    if (target.kind === 'window') window.open(target.url, '_blank', 'noopener');
    else navigate(target.to);
    const ui = useUi.getState();
    if (collapseAfterClick(ui.screen)) ui.setCollapse(true);
  };
}
