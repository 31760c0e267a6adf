// The retailer's calendar: which day it is where the business happens.

/** Local calendar day of the server in the retailer's time zone (China, UTC+8), as YYYY-MM-DD. */
export function businessDay(now: Date): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}
