/** A zone as people read it: "America/New York" for America/New_York. */
export function zoneLabel(zone: string): string {
  return zone.replaceAll('_', ' ');
}

/** The zone's offset from UTC at an instant, as "UTC+01:00" ("UTC+00:00" for UTC itself); '' for a zone the browser lacks. */
export function zoneOffset(zone: string, at: Date): string {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
    if (!name) return '';
    return name === 'GMT' ? 'UTC+00:00' : name.replace('GMT', 'UTC');
  } catch {
    return '';
  }
}

const fold = (text: string) => text.toLowerCase().replaceAll('_', ' ').trim();

/**
 * How well a zone matches what was typed, lower is better, or null for no match: every
 * word typed must appear in the zone's name or its offset. The city typed whole comes
 * first ("paris" → Europe/Paris), then cities and regions it begins, then the rest.
 */
function rank(zone: string, offset: string, words: readonly string[]): number | null {
  const name = fold(zone);
  const haystack = `${name} ${fold(offset)}`;
  if (!words.every((word) => haystack.includes(word))) return null;
  const whole = words.join(' ');
  const city = name.slice(name.lastIndexOf('/') + 1);
  if (city === whole || name === whole) return 0;
  if (city.startsWith(whole)) return 1;
  if (name.split('/').some((part) => part.startsWith(whole))) return 2;
  return 3;
}

/**
 * The zones that match a search, best first and alphabetical within a rank; all of them, in
 * their own order, for an empty search. Matches the name with spaces or underscores
 * ("new york", "new_york"), any part of it ("europe/"), or the offset ("+05:30", "utc-03");
 * `offsetOf` gives each zone's offset (`zoneOffsets`, worked out once, not per keystroke).
 */
export function searchTimeZones(zones: readonly string[], query: string, offsetOf: (zone: string) => string): string[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...zones];
  const ranked: { zone: string; rank: number }[] = [];
  for (const zone of zones) {
    const score = rank(zone, offsetOf(zone), words);
    if (score !== null) ranked.push({ zone, rank: score });
  }
  return ranked.sort((a, b) => a.rank - b.rank || a.zone.localeCompare(b.zone)).map((entry) => entry.zone);
}

/** Every zone's offset at one instant, for a search session. */
export function zoneOffsets(zones: readonly string[], at: Date): Map<string, string> {
  return new Map(zones.map((zone) => [zone, zoneOffset(zone, at)]));
}
