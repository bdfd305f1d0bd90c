/** The IANA time zones of this browser, grouped by region ('Europe', 'America'…). */
export function timeZoneGroups(current: string): { region: string; zones: string[] }[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  if (!zones.includes(current)) zones = [...zones, current];
  const groups = new Map<string, string[]>();
  for (const zone of [...zones].sort()) {
    const slash = zone.indexOf('/');
    const region = slash > 0 ? zone.slice(0, slash) : 'UTC';
    groups.set(region, [...(groups.get(region) ?? []), zone]);
  }
  return [...groups].map(([region, list]) => ({ region, zones: list }));
}

export const zoneLabel = (zone: string) => zone.replaceAll('_', ' ');
