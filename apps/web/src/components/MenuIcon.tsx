/**
 * Icons for menu entries and business areas: the server names an Ant Design icon in `source` (e.g.
 * `SettingOutlined`). Only the icons listed in menuIcons.ts are bundled (the whole set would blow the bundle budget); an
 * unknown name shows the generic icon. Add an icon to menuIcons.ts when a seed uses a new one.
 */
import { AppstoreOutlined } from '@ant-design/icons';
import type { ComponentType, CSSProperties } from 'react';
import * as MENU_ICONS from './menuIcons';

type IconProps = { className?: string; style?: CSSProperties };

// every icon of menuIcons.ts, by its name
const ICONS: Record<string, ComponentType<IconProps>> = MENU_ICONS;

/** The icon component for a name: exact, or with `Outlined` appended, else the generic one. */
export function iconComponent(name?: string | null): ComponentType<IconProps> {
  if (!name) return AppstoreOutlined;
  const n = name.trim();
  return ICONS[n] ?? ICONS[`${n}Outlined`] ?? AppstoreOutlined;
}

/** antd menus pass className and style to their item icons: they reach the icon itself. */
export function MenuIcon({ name, ...props }: { name?: string | null } & IconProps) {
  const Icon = iconComponent(name);
  return <Icon {...props} />;
}
