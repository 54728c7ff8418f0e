/**
 * 水力模型 while the first build of a big network outlasts a request: the server answers `current: null` with the
 * build's stage and progress; the screen shows them, keeps the run button off, and asks again until the model is
 * there (instead of failing on the client's 30 s timeout).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../components/testing/render';
import { useSession } from '../../stores/session';

const store = vi.hoisted(() => ({ modelCalls: 0, readyAfter: 2 }));

// the map and the charts need a canvas jsdom lacks; this test is about the model's state
vi.mock('./ResultView', () => ({ ResultView: () => <div data-testid="result-view" /> }));
vi.mock('./Calibration', () => ({ Calibration: () => <div /> }));

vi.mock('../../api/hydraulic', async (orig) => {
  const real = await orig<typeof import('../../api/hydraulic')>();
  const model = { id: '9', networkVersion: 3, hash: 'h', nodes: 15_388, links: 20_129 };
  return {
    ...real,
    hydraulicApi: {
      ...real.hydraulicApi,
      model: async () => {
        store.modelCalls++;
        if (store.modelCalls <= store.readyAfter)
          return {
            current: null,
            building: { stage: 'text', progress: 40, startTime: '2026-12-04T14:00:00Z' },
            models: [],
            demands: null,
          };
        return { current: model, building: null, models: [model], demands: null };
      },
      runs: async () => [],
    },
  };
});

const { default: ModelPage } = await import('./ModelPage');

beforeEach(() => {
  store.modelCalls = 0;
  useSession.setState({ permission: { hydraulic_run: true } });
});

describe('ModelPage while the model is built', () => {
  it('shows the build progress, then the model once it is ready', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderApp(
      <QueryClientProvider client={client}>
        <ModelPage />
      </QueryClientProvider>,
    );
    const building = await screen.findByTestId('hydraulic-building');
    expect(building.textContent).toContain('正在生成水力模型 (写入模型)');
    expect(within(building).getByText('40%')).toBeTruthy();
    expect(screen.getByTestId('hydraulic-run').hasAttribute('disabled')).toBe(true);

    // polled (every 2 s) until the build is done: the counts replace the progress, the run button comes on
    await waitFor(() => expect(screen.getByText('15388')).toBeTruthy(), { timeout: 10_000 });
    expect(screen.queryByTestId('hydraulic-building')).toBeNull();
    expect(screen.getByTestId('hydraulic-run').hasAttribute('disabled')).toBe(false);
    expect(store.modelCalls).toBe(store.readyAfter + 1);
  }, 20_000);
});
