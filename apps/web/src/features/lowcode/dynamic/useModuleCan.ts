/** What the user may do in an online module: its menu's button codes `lc_<id>_<op>`. */
import { usePermission } from '../../../stores/session';

export function useModuleCan(moduleId: string | null) {
  const code = `lc_${moduleId}`;
  return {
    add: usePermission(`${code}_add`),
    edit: usePermission(`${code}_edit`),
    remove: usePermission(`${code}_delete`),
    view: usePermission(`${code}_view`),
    export: usePermission(`${code}_export`),
    import: usePermission(`${code}_import`),
  };
}

export type ModuleCan = ReturnType<typeof useModuleCan>;
