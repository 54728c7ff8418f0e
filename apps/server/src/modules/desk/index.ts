/**
 * The desk family: notices (`/blade-desk/notice`) and the dashboard's figures (`/blade-desk/dashboard/figures`).
 * Other modules may sanitise rich text with `sanitizeRichText` and add dashboard figures with
 * `registerDashboardFigure`.
 */
import type { ServerModule } from '../../core/module.ts';
import { registerDashboardRoutes } from './dashboard.ts';
import { noticeResource } from './notice.ts';
import { seedDesk } from './seed.ts';

export const deskModule: ServerModule = {
  name: 'desk',
  uses: ['auth', 'log', 'message', 'resource', 'system'],
  routes(app, ctx) {
    noticeResource.routes(app, ctx);
    registerDashboardRoutes(app, ctx);
  },
  seed: seedDesk,
};

export { type DashboardFigure, dashboardFigures, registerDashboardFigure } from './dashboard.ts';
export { sanitizeRichText } from './sanitize.ts';
