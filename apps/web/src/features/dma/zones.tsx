/**
 * The tenant's zones as the DMA screens use them: one shared query (分区管理 invalidates it), select options, and
 * the zone picker atop the balance and night-flow screens.
 */
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { dmaApi, type Zone } from '../../api/dma';

export const useZones = () => useQuery({ queryKey: ['dma-zones'], queryFn: dmaApi.zones });

/** Zones as select options: `code name`, chosen by code. */
export const zoneOptions = (zones: Zone[] | undefined) =>
  (zones ?? []).map((z) => ({ label: `${z.code} ${z.name}`, value: z.code }));

/** The zone picker, labelled 分区; with `all`, 全部分区 ('') comes first. */
export function ZoneSelect({
  testId,
  value,
  onChange,
  all,
}: {
  testId: string;
  value: string | undefined;
  onChange(code: string): void;
  all?: boolean;
}) {
  const { t } = useTranslation();
  const zones = useZones();
  const options = zoneOptions(zones.data);
  return (
    <Select
      data-testid={testId}
      aria-label={t('dma.zone')}
      style={{ width: 200 }}
      value={value}
      onChange={onChange}
      options={all ? [{ label: t('dma.allZones'), value: '' }, ...options] : options}
    />
  );
}
