/** A picker of the data connections the user may use (`DataSource/Selector`: enabled ones, and the own database for the platform administrator). */
import { Select, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../../api/crud';
import { dataSourceApi } from '../../../api/lowcode';
import { rowsIn } from './rows';

export const OWN_DB = '0';

/** The connections of the selector (empty while loading or when the call fails). */
export function useSources(): { sources: Row[]; loading: boolean } {
  const [sources, setSources] = useState<Row[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    dataSourceApi
      .selector()
      .then((r) => live && setSources(rowsIn(r)))
      .catch(() => {})
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, []);
  return { sources, loading };
}

export const sourceOptions = (sources: Row[], exclude: string[] = []) =>
  sources
    .filter((s) => !exclude.includes(String(s.id)))
    .map((s) => ({ value: String(s.id), label: `${s.fullName}${s.dbType ? ` (${s.dbType})` : ''}` }));

type Props = Omit<SelectProps<string>, 'options'> & { sources: Row[]; exclude?: string[] };

export function SourceSelect({ sources, exclude, ...rest }: Props) {
  const { t } = useTranslation();
  return (
    <Select<string>
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('lowcode.dm.chooseSource')}
      style={{ width: '100%' }}
      {...rest}
      options={sourceOptions(sources, exclude)}
    />
  );
}
