/**
 * For API tests that compare a date they read with one the server takes from its own clock (a bill number's date, the
 * task of "today"): the two readings must fall on the same local day, whatever the time the suite runs at.
 */

/**
 * Waits, if need be, until the local day (TZ) has at least `ms` left, so that what follows cannot straddle midnight
 * (and so neither the end of a month or a year).
 */
export async function clearOfMidnight(ms = 20_000): Promise<void> {
  const now = new Date();
  const left = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime() - now.getTime();
  if (left < ms) await new Promise((r) => setTimeout(r, left + 100));
}
