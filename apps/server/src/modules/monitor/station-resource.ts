/**
 * `GET /swp-computing/monitor/station/detail?id=`: one station of the tenant as the screen lists it (its latest
 * values and state, by `decorate`), `data: null` when there is none; the resource engine refuses a call without an
 * id (or with an empty one). The station page stays by hand: its `state` and `monitorType` filters work on the
 * latest readings, so it pages in memory (service.ts).
 */
import { defineResource } from '../../core/resource.ts';
import { monitorStation } from './schema.ts';
import { type StationRow, stationViews } from './service.ts';

export const stationResource = defineResource({
  code: 'monitor_station',
  base: '/swp-computing/monitor/station',
  table: monitorStation,
  input: {},
  // read-only here: stations come from the seed, the stations import and the network import
  grant: { read: ['monitor_station'], submit: 'admin', remove: 'admin' },
  routes: ['detail'],
  // stations are the tenant's, whoever entered them
  dataScope: false,
  // the simulator profile stays on the server, as on the page
  hidden: ['sim'],
  hooks: {
    decorate: (rows, _req, ctx) => stationViews(ctx, rows as StationRow[]),
  },
});
