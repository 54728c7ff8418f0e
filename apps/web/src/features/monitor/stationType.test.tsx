import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import * as strings from './i18n';
import { StationTypeLabel, supplyLabel } from './stationType';

i18n.addResourceBundle('zh', 'translation', strings.zh, true, true);
i18n.addResourceBundle('en', 'translation', strings.en, true, true);

describe('station types in supply terms', () => {
  it('shows the supply label first and the hydrology code second', async () => {
    await i18n.changeLanguage('zh');
    render(<StationTypeLabel t={i18n.t} code="ZZ" name="河道水位站" />);
    expect(screen.getByTestId('station-type')).toHaveTextContent('原水水位（河道） ZZ 河道水位站');
  });
  it('has an English label and falls back to the name for an unknown type', async () => {
    await i18n.changeLanguage('en');
    expect(supplyLabel(i18n.t, 'ZZ')).toBe('Raw-water level (river)');
    expect(supplyLabel(i18n.t, 'QQ', '某站')).toBe('某站');
    await i18n.changeLanguage('zh');
  });
});
