/** The DMA screens' strings and the zone form's conversions and NRW colours. */
import { describe, expect, it } from 'vitest';
import { itTranslatesTheKeysItNames, keysIn, quotedKeys } from '../../test/strings';
import * as strings from './i18n';
import { NRW_BANDS, nrwColor } from './nrw';
import { fromForm, toForm } from './zoneColumns';

describe('DMA strings', () => {
  itTranslatesTheKeysItNames(strings, keysIn('dma', quotedKeys('dma', 'menu.dma', 'button.dma')), 40);
});

describe('zone form', () => {
  it('turns meters, boundary and valves into text and back', () => {
    const zone = {
      id: '1',
      code: 'DMA09',
      parentId: '0',
      meters: [{ stcd: 'LL001', field: 'flow', direction: 'in' as const, accuracy: 1 }],
      boundary: [
        [1, 2],
        [3, 4],
        [5, 6],
      ] as [number, number][],
      boundaryValves: ['FM-1', 'FM-2'],
    };
    const form = toForm(zone);
    expect(form.valvesText).toBe('FM-1,FM-2');
    const back = fromForm({ ...form, valvesText: 'FM-1， FM-3' });
    expect(back.meters).toEqual(zone.meters);
    expect(back.boundary).toEqual(zone.boundary);
    expect(back.boundaryValves).toEqual(['FM-1', 'FM-3']);
    expect(fromForm({ code: 'X', boundaryText: '' }).boundary).toBeNull();
  });

  it('names the field whose JSON does not parse', () => {
    expect(() => fromForm({ metersText: '[{' })).toThrow('meters');
    expect(() => fromForm({ boundaryText: 'x' })).toThrow('boundary');
  });

  it('colours a zone by its NRW rate band', () => {
    expect(nrwColor(5)).toBe(NRW_BANDS[0].color);
    expect(nrwColor(15)).toBe(NRW_BANDS[1].color);
    expect(nrwColor(45)).toBe(NRW_BANDS[3].color);
    expect(nrwColor(null)).toBe('#bfbfbf');
  });
});
