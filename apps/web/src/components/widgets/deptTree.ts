/**
 * The tenant's department tree, read once for everything on screen: the users screen drew it beside the table and
 * its search (company) and dialog (department) selects each asked for it again, so one open sent the same request
 * twice or more (issue 24 item 10). The query cache keeps one request in flight and the answer for a minute; any
 * successful write to a department or tenant URL drops it, and so does the tab bar's "clear cache".
 */

import { onWrite } from '../../api/http';
import { deptApi } from '../../api/system';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../stores/session';

export const DEPT_TREE_STALE_MS = 60_000;

/** The raw tree of `/blade-system/dept/tree`, shared by every caller for a minute (per tenant). */
export function loadDeptTree() {
  return queryClient.fetchQuery({
    // per tenant: a sign-in to another tenant in the same page never sees the previous one's departments
    queryKey: ['deptTree', useSession.getState().tenantId],
    queryFn: () => deptApi.tree(),
    staleTime: DEPT_TREE_STALE_MS,
  });
}

/** Forgets the department tree (after a department write). */
export function clearDeptTree() {
  queryClient.removeQueries({ queryKey: ['deptTree'] });
}

onWrite((url) => {
  if (/dept|tenant/i.test(url)) clearDeptTree();
});
