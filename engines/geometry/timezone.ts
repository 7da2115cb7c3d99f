/**
 * Local clock time at a site: its IANA time zone from latitude and longitude (offline, from
 * the time-zone boundary data bundled in @photostructure/tz-lookup, itself from
 * timezone-boundary-builder / OpenStreetMap), and instants as that zone's wall-clock time
 * (the IANA tz database through the runtime's Intl, daylight saving included).
 */
import tzlookup from "npm:@photostructure/tz-lookup@11.7.0";

/** The IANA time zone at a place ("Europe/Berlin"), or undefined for invalid coordinates. */
export function timeZoneAt(lat_deg: number, lon_deg: number): string | undefined {
  if (!Number.isFinite(lat_deg) || !Number.isFinite(lon_deg)) return undefined;
  if (Math.abs(lat_deg) > 90 || Math.abs(lon_deg) > 180) return undefined;
  try {
    return tzlookup(lat_deg, lon_deg);
  } catch {
    return undefined;
  }
}

/** A Julian Day (UT) as a JavaScript Date. */
export function julianDayToDate(jd: number): Date {
  return new Date((jd - 2440587.5) * 86_400_000);
}

/** "07:42": an instant as the zone's wall-clock time, 24-hour, rounded to the minute. */
export function clockTime(at: Date, timeZone: string): string {
  const rounded = new Date(Math.round(at.getTime() / 60_000) * 60_000);
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(rounded);
}

/** The zone's short name at an instant ("CET", "CEST", "GMT+1"). */
export function zoneAbbreviation(at: Date, timeZone: string): string {
  const part = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
    .formatToParts(at).find((p) => p.type === "timeZoneName");
  return part?.value ?? timeZone;
}

/**
 * The first and last sunlit sample of a day as clock times (codes: 0 = sunlit, per sample
 * Julian Day `jd`), or undefined when no sample is sunlit. Between them the sun may be off
 * (a shadow): the count of hours is the answer, these are its ends.
 */
export function sunlitSpan(
  codes: Uint8Array,
  jd: Float64Array,
  timeZone: string,
): { from: string; to: string } | undefined {
  let first = -1, last = -1;
  for (let i = 0; i < codes.length; i++) {
    if (codes[i] === 0) {
      if (first < 0) first = i;
      last = i;
    }
  }
  if (first < 0) return undefined;
  return {
    from: clockTime(julianDayToDate(jd[first]), timeZone),
    to: clockTime(julianDayToDate(jd[last]), timeZone),
  };
}
