/** Rows loaded once when the properties panel opens (modules, interfaces, bill rules, dictionary types to choose from). */
import { useEffect, useState } from 'react';
import { rowsOf } from '../../../../api/crud';
import { billRuleApi, dictionaryTypeApi } from '../../../../api/jnpf';
import { dataInterfaceApi, listOf, visualDevApi } from '../../../../api/lowcode';

function useRemote<T>(load: () => Promise<T[]>): T[] {
  const [rows, setRows] = useState<T[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once per panel
  useEffect(() => {
    let live = true;
    load()
      .then((r) => live && setRows(r))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return rows;
}

/** The four pick lists of the panel, each loaded once when the panel mounts. */
export function usePickerSources() {
  const modules = useRemote(async () => listOf(await visualDevApi.selector()).list);
  const interfaces = useRemote(async () => rowsOf(await dataInterfaceApi.page({ current: 1, size: 500 })).records);
  const billRules = useRemote(async () => listOf(await billRuleApi.selector()).list);
  const dictTypes = useRemote(async () => rowsOf(await dictionaryTypeApi.page({})).records);
  return { modules, interfaces, billRules, dictTypes };
}

export type PickerSources = ReturnType<typeof usePickerSources>;

/** Modules, data interfaces and dictionary types are offered by name and chosen by id. */
export const namedOptions = (rows: any[]) => rows.map((d) => ({ value: String(d.id), label: d.fullName }));
