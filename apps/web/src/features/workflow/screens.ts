/**
 * Workflow screens. The fixed routes of spec 2 §2 (designer, histories, start, detail) and the list and design
 * management screens under the menu paths the workflow module seeds.
 */
import type { ScreenLoader } from '../registry';

const lists = () => import('./lists/pages');
const design = () => import('./design/pages');

export const screens: Record<string, ScreenLoader> = {
  '/workflow/design/process/:id': () => import('./designer/DesignerPage'),
  '/workflow/design/model/history/:id': () => design().then((m) => ({ default: m.ModelHistoryPage })),
  '/workflow/design/form/history/:id': () => design().then((m) => ({ default: m.FormHistoryPage })),
  '/workflow/process/start/:params': () => import('./detail/StartPage'),
  '/workflow/process/detail/:params': () => import('./detail/DetailPage'),

  '/workflow/process/start': () => lists().then((m) => ({ default: m.StartList })),
  '/workflow/process/claim': () => lists().then((m) => ({ default: m.ClaimList })),
  '/workflow/process/todo': () => lists().then((m) => ({ default: m.TodoList })),
  '/workflow/process/send': () => lists().then((m) => ({ default: m.SendList })),
  '/workflow/process/done': () => lists().then((m) => ({ default: m.DoneList })),
  '/workflow/process/mydone': () => lists().then((m) => ({ default: m.MyDoneList })),
  '/workflow/process/copy': () => lists().then((m) => ({ default: m.CopyList })),
  '/workflow/ops/process': () => lists().then((m) => ({ default: m.ProcessList })),
  '/workflow/ops/list': () => lists().then((m) => ({ default: m.OpsList })),

  '/workflow/design/model': () => design().then((m) => ({ default: m.ModelPage })),
  '/workflow/design/form': () => design().then((m) => ({ default: m.FormPage })),
  '/workflow/design/deployment': () => design().then((m) => ({ default: m.DeploymentPage })),
  '/workflow/design/category': () => design().then((m) => ({ default: m.CategoryPage })),
  '/workflow/design/button': () => design().then((m) => ({ default: m.ButtonPage })),
  '/workflow/design/condition': () => design().then((m) => ({ default: m.ConditionPage })),
};

export const titles: Record<string, string> = {
  '/workflow/design/process/:id': 'workflow.title.design',
  '/workflow/design/model/history/:id': 'workflow.title.modelHistory',
  '/workflow/design/form/history/:id': 'workflow.title.formHistory',
  '/workflow/process/start/:params': 'workflow.title.start',
  '/workflow/process/detail/:params': 'workflow.title.detail',
};

/** Lent to other features' screens through the registry: the pending-task card (the home page). */
export const slots: Record<string, ScreenLoader> = {
  'workflow/pending-tasks': () => import('./pending/PendingTasks').then((m) => ({ default: m.PendingTasksCard })),
};
