/**
 * Menu search (spec 1 §2.3): a full-screen overlay (Esc closes it) and the top-bar search box. Both match menu
 * names by prefix, ignoring case, over the menus the user may see.
 */
import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Empty, Input, type InputRef } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../components/MenuIcon';
import { filterByRoles, type MenuItem, menuLeaves, menuName, searchMenu } from '../lib/menu';
import { useOpenMenu } from '../lib/openMenu';
import { useTranslateKey } from '../lib/translate';
import { useSession } from '../stores/session';
import { useUi } from '../stores/ui';

function useVisibleMenu() {
  const menu = useSession((s) => s.menu);
  const roles = useSession((s) => s.roles);
  return useMemo(() => filterByRoles(menu, roles), [menu, roles]);
}

export function MenuSearchOverlay() {
  const { t } = useTranslation();
  const translate = useTranslateKey();
  const open = useUi((s) => s.searchOpen);
  const setOpen = useUi((s) => s.setSearchOpen);
  const menu = useVisibleMenu();
  const openMenu = useOpenMenu();
  const [value, setValue] = useState('');
  const input = useRef<InputRef>(null);

  useEffect(() => {
    if (!open) return;
    setValue('');
    const focus = setTimeout(() => input.current?.focus(), 0);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(focus);
      window.removeEventListener('keydown', onKey);
    };
  }, [open, setOpen]);

  const results = useMemo(
    () => (value.trim() ? searchMenu(menu, value, translate) : menuLeaves(menu)).filter((m) => !m.meta?.hidden),
    [menu, value, translate],
  );

  if (!open) return null;
  const choose = (m: MenuItem) => {
    setOpen(false);
    openMenu(m);
  };
  return (
    <div className="swp-search-overlay" role="dialog" aria-label={t('navbar.menuSearch')}>
      <div className="swp-search-backdrop" aria-hidden onClick={() => setOpen(false)} />
      <div className="swp-search-panel">
        <Input
          ref={input}
          size="large"
          prefix={<SearchOutlined />}
          placeholder={t('search.placeholder')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onPressEnter={() => results[0] && choose(results[0])}
          allowClear
          data-testid="menu-search-input"
        />
        <div className="swp-search-tip">{t('search.escTip')}</div>
        <div className="swp-search-results">
          {results.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.menuTip')} />
          ) : (
            results.map((m) => (
              <button type="button" key={String(m.id ?? m.path)} className="swp-search-item" onClick={() => choose(m)}>
                <MenuIcon name={m.source ?? m.icon} />
                <span className="swp-search-item-name">{menuName(m, translate)}</span>
                <span className="swp-search-item-path">{m.path}</span>
              </button>
            ))
          )}
        </div>
      </div>
    </div>
  );
}

export function TopSearch() {
  const { t } = useTranslation();
  const translate = useTranslateKey();
  const menu = useVisibleMenu();
  const openMenu = useOpenMenu();
  const [value, setValue] = useState('');
  const results = useMemo(
    () => searchMenu(menu, value, translate).filter((m) => !m.meta?.hidden),
    [menu, value, translate],
  );
  const byKey = new Map(results.map((m) => [String(m.id ?? m.path), m]));
  return (
    <AutoComplete
      className="swp-top-search"
      value={value}
      onChange={setValue}
      options={results.map((m) => ({ value: String(m.id ?? m.path), label: menuName(m, translate) }))}
      onSelect={(key: string) => {
        const m = byKey.get(key);
        setValue('');
        if (m) openMenu(m);
      }}
      notFoundContent={value.trim() ? t('search.menuTip') : null}
      popupMatchSelectWidth={240}
    >
      <Input prefix={<SearchOutlined />} placeholder={t('search.placeholder')} allowClear data-testid="top-search" />
    </AutoComplete>
  );
}
