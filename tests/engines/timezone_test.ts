import {
  clockTime,
  julianDayToDate,
  sunlitSpan,
  timeZoneAt,
  zoneAbbreviation,
} from "../../engines/geometry/timezone.ts";
import { assertEquals } from "../_assert.ts";

Deno.test("timeZoneAt: offline lookup from latitude and longitude", () => {
  assertEquals(timeZoneAt(52.52, 13.405), "Europe/Berlin"); // Berlin (the demo site)
  assertEquals(timeZoneAt(40.7128, -74.006), "America/New_York");
  assertEquals(timeZoneAt(-33.8688, 151.2093), "Australia/Sydney");
  assertEquals(timeZoneAt(95, 0), undefined);
});

Deno.test("clockTime: wall-clock time with daylight saving (Berlin: CET in March, CEST in June)", () => {
  // 2025-03-21 11:00 UTC = 12:00 CET; 2025-06-21 11:00 UTC = 13:00 CEST.
  assertEquals(clockTime(new Date("2025-03-21T11:00:00Z"), "Europe/Berlin"), "12:00");
  assertEquals(clockTime(new Date("2025-06-21T11:00:00Z"), "Europe/Berlin"), "13:00");
  assertEquals(zoneAbbreviation(new Date("2025-06-21T11:00:00Z"), "Europe/Berlin"), "GMT+2");
  // J2000.0: JD 2451545.0 is 2000-01-01 12:00 UTC.
  assertEquals(julianDayToDate(2451545).toISOString(), "2000-01-01T12:00:00.000Z");
});

Deno.test("sunlitSpan: the first and last sunlit sample as clock times", () => {
  const jd = Float64Array.from([0, 1, 2, 3], (i) => 2451545 + i / 24); // 12:00 … 15:00 UTC
  assertEquals(sunlitSpan(Uint8Array.from([1, 0, 2, 0]), jd, "UTC"), {
    from: "13:00",
    to: "15:00",
  });
  assertEquals(sunlitSpan(Uint8Array.from([1, 1, 1, 1]), jd, "UTC"), undefined);
});
