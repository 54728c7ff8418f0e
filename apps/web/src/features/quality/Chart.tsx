/** The water-quality screens' chart: the shared ECharts box with this area's empty text. */
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../components/charts/EChart';

export function Chart(props: Omit<ComponentProps<typeof EChart>, 'emptyText'>) {
  const { t } = useTranslation();
  return <EChart {...props} emptyText={t('quality.noData')} />;
}
