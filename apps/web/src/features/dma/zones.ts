/** The tenant's zones as the DMA screens use them: one shared query (分区管理 invalidates it) and select options. */
import { useQuery } from '@tanstack/react-query';
import { dmaApi, type Zone } from '../../api/dma';

export const useZones = () => useQuery({ queryKey: ['dma-zones'], queryFn: dmaApi.zones });

/** Zones as select options: `code name`, chosen by code. */
export const zoneOptions = (zones: Zone[] | undefined) =>
  (zones ?? []).map((z) => ({ label: `${z.code} ${z.name}`, value: z.code }));
