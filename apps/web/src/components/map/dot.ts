/** A round point of the maps: a filled circle, edged (white unless given) so that it stands out from beneath. */
import { Circle, Fill, Stroke } from 'ol/style';

export const dot = (radius: number, colour: string, edge = '#fff', edgeWidth = 2) =>
  new Circle({ radius, fill: new Fill({ color: colour }), stroke: new Stroke({ color: edge, width: edgeWidth }) });
