/** SQL pieces shared by the store's write paths (store.ts) and the deferred rollups (rollup-journal.ts). */

/** `insert … select` into a rollup table, merged into the row already there for the series and hour or day. */
export const mergeRollup = (table: string, select: string) => `
  insert into ${table} as r (series_id, ts, min, max, avg, sum, count)
  ${select}
  on conflict (series_id, ts) do update set
    min = least(r.min, excluded.min), max = greatest(r.max, excluded.max),
    sum = r.sum + excluded.sum, count = r.count + excluded.count,
    avg = (r.sum + excluded.sum) / (r.count + excluded.count)`;

/** The series' bounds and last value moved on by `m` (series_id, first_ts, last_ts, last_value per series). */
export const mergeLatest = (m: string) => `
  update swp_monitor_series x set
    first_ts = least(x.first_ts, m.first_ts),
    last_value = case when x.last_ts is null or m.last_ts >= x.last_ts then m.last_value else x.last_value end,
    last_ts = greatest(x.last_ts, m.last_ts)
  from (${m}) m
  where x.id = m.series_id`;

/**
 * The hourly and daily CTEs that merge partial aggregates `p` (series_id, first_t: epoch ms inside the quarter hour,
 * mn, mx, sm, cnt) into the rollups; `tz` is the zone's parameter. Every zone's offset is a multiple of 15 minutes,
 * so a quarter lies inside one local hour and one local day.
 */
export const partialsIntoRollups = (tz: string) => `hourly as (${mergeRollup(
  'swp_monitor_hourly',
  `select series_id, date_trunc('hour', to_timestamp(first_t / 1000.0), ${tz}), min(mn), max(mx), sum(sm) / sum(cnt),
         sum(sm), sum(cnt)
    from p group by 1, 2`,
)}
), daily as (${mergeRollup(
  'swp_monitor_daily',
  `select series_id, date_trunc('day', to_timestamp(first_t / 1000.0), ${tz}), min(mn), max(mx), sum(sm) / sum(cnt),
         sum(sm), sum(cnt)
    from p group by 1, 2`,
)}
)`;
