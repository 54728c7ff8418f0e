/** Menu and button codes of the workflow area (seed.ts creates them; routes grant by them). */
export const PROCESS_MENUS = ['wf_start', 'wf_claim', 'wf_todo', 'wf_send', 'wf_done', 'wf_mydone', 'wf_copy'] as const;
export const DESIGN_MENUS = [
  'wf_model',
  'wf_form',
  'wf_deployment',
  'wf_category',
  'wf_button',
  'wf_condition',
] as const;
export const OPS_MENUS = ['wf_ops_list', 'wf_ops_process'] as const;
/** every workflow screen (readers of categories, buttons and forms) */
export const ALL_MENUS = [...PROCESS_MENUS, ...DESIGN_MENUS, ...OPS_MENUS];
export const buttonsOf = (code: string) => ({
  add: `${code}_add`,
  edit: `${code}_edit`,
  delete: `${code}_delete`,
});
