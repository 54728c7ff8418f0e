import { usePermission } from '../../stores/session';

/** A button code of the GIS screens, judged like every other screen's buttons (spec 1 §6). */
export const useButton = (code: string) => usePermission(code);
