/** The overlay markers: each layer's shape, in the colour of the item's state, edged for the basemap. */
import { RegularShape, type Style } from 'ol/style';
import { describe, expect, it } from 'vitest';
import { DEVICE_STATE_COLOURS, overlayStyle } from './overlayLayers';

const shapeOf = (s: Style) => s.getImage() as RegularShape;

describe('overlayStyle', () => {
  it('draws devices as diamonds, alarms as triangles and bursts as stars', () => {
    const device = shapeOf(overlayStyle('devices', 'online', false));
    expect(device).toBeInstanceOf(RegularShape);
    expect([device.getPoints(), device.getRadius(), device.getAngle()]).toEqual([4, 8, Math.PI / 4]);
    expect(device.getFill()?.getColor()).toBe(DEVICE_STATE_COLOURS.online);
    expect(device.getStroke()?.getColor()).toBe('#ffffff');
    const alarm = overlayStyle('alarms', '3', true);
    expect([shapeOf(alarm).getPoints(), shapeOf(alarm).getRadius()]).toEqual([3, 10]);
    expect(shapeOf(alarm).getStroke()?.getColor()).toBe('#0b0e13');
    expect(alarm.getText()?.getText()).toBe('!');
    const burst = shapeOf(overlayStyle('bursts', '1', false));
    expect([burst.getPoints(), burst.getRadius(), burst.getRadius2(), burst.getStroke()?.getWidth()]).toEqual([
      8, 11, 5, 1,
    ]);
    expect(burst.getFill()?.getColor()).toBe('#fa8c16');
  });
});
