/** 在线应用: the published applications as cards that open their screens; an empty state that leads to 功能设计. */
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../components/testing/render';
import { useSession } from '../../../stores/session';
import OnlineAppsPage, { publishedApps } from './OnlineAppsPage';

const DESIGN = { id: 'd', name: '功能设计', path: '/onlineDev/webDesign' };
const group = (children: object[]) => ({ id: 'g', name: '在线应用', path: '/onlineApps', children });
const app = (id: string, name: string, extra: object = {}) => ({
  id,
  name,
  path: `/onlineApps/${id}`,
  category: 3,
  propertyJson: JSON.stringify({ moduleId: `m${id}` }),
  ...extra,
});

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

function show(menuAll: object[]) {
  useSession.setState({ menuAll: menuAll as any, roles: [] });
  renderApp(
    <MemoryRouter initialEntries={['/onlineApps']}>
      <Routes>
        <Route path="*" element={<OnlineAppsPage />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

describe('在线应用', () => {
  it('lists the published applications (hidden ones left out) and opens one as the menu would', async () => {
    show([DESIGN, group([app('1', '水表档案'), app('2', '停用的', { meta: { hidden: true } }), app('3', '报修登记')])]);
    const cards = await screen.findAllByRole('listitem');
    expect(cards.map((c) => c.textContent)).toEqual(['水表档案', '报修登记']);
    fireEvent.keyDown(cards[1].firstElementChild!, { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe('/dynamic?id=m3');
  });

  it('says nothing is published yet and leads to 功能设计', async () => {
    show([DESIGN, group([])]);
    expect(await screen.findByText(/还没有发布到在线应用的功能/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '去功能设计' }));
    expect(screen.getByTestId('where').textContent).toBe('/onlineDev/webDesign');
  });

  it('offers no way to the designer to someone without it', async () => {
    show([group([])]);
    await screen.findByText(/还没有发布到在线应用的功能/);
    expect(screen.queryByRole('button', { name: '去功能设计' })).toBeNull();
    expect(publishedApps([])).toEqual([]);
  });
});
