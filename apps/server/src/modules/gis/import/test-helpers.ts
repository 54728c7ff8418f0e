/**
 * Shared by the import tests (parsers unit, network import API): a Shapefile layer with the CODE and DN columns
 * the reader maps to the feature's code and diameter, so each test writes only its features and extra columns.
 */
import type { ShpLayer } from './shp-writer.ts';

/** A layer `name` (the reader takes its kind from the name) with CODE, DN and any `more` columns. */
export const codeDnLayer = (
  name: string,
  kind: ShpLayer['kind'],
  features: ShpLayer['features'],
  more: ShpLayer['fields'] = [],
): ShpLayer => ({
  name,
  kind,
  fields: [{ name: 'CODE', type: 'C', length: 12 }, { name: 'DN', type: 'N', length: 6 }, ...more],
  features,
});
