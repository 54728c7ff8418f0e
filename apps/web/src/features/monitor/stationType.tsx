/**
 * Station types as a supply operator reads them (issue 24): the hydrology codes of SL 323 (ZZ 河道水位站 …) say what
 * the station is to a hydrologist; the operator sees what it watches for the supply (原水水位 …) first, the code and
 * its standard name second.
 */
import { Typography } from 'antd';
import type { TFunction } from 'i18next';

/** 原水水位（河道） — the supply label, falling back to the standard name for a type without one */
export function supplyLabel(t: TFunction, code: string, name?: string) {
  return t(`monitor.sttpSupply.${code}`, {
    defaultValue: t(`monitor.sttpName.${code}`, { defaultValue: name ?? code }),
  });
}

/** `ZZ 河道水位站`: the code with its standard name */
export function codeLabel(t: TFunction, code: string, name?: string) {
  return `${code} ${t(`monitor.sttpName.${code}`, { defaultValue: name ?? '' })}`.trim();
}

/** The supply label with the code as a quiet second line part */
export function StationTypeLabel({ t, code, name }: { t: TFunction; code: string; name?: string }) {
  return (
    <span data-testid="station-type">
      {supplyLabel(t, code, name)}{' '}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {codeLabel(t, code, name)}
      </Typography.Text>
    </span>
  );
}
