import { currentZoneName } from './zone-names.ts';

/**
 * The IANA time zones of this browser under their current names (Europe/Kyiv, not the
 * Europe/Kiev browsers list: zone-names.ts), grouped by region ('Europe', 'America'…).
 * `current`, the museum's, is among them, renamed too.
 */
export function timeZoneGroups(
  current: string,
  supported: () => readonly string[] = () => Intl.supportedValuesOf('timeZone'),
): { region: string; zones: string[] }[] {
  let listed: readonly string[];
  try {
    listed = supported();
  } catch {
    listed = [];
  }
  const zones = new Set([...listed, current].map(currentZoneName));
  const groups = new Map<string, string[]>();
  for (const zone of [...zones].sort()) {
    const slash = zone.indexOf('/');
    const region = slash > 0 ? zone.slice(0, slash) : 'UTC';
    groups.set(region, [...(groups.get(region) ?? []), zone]);
  }
  return [...groups].map(([region, list]) => ({ region, zones: list }));
}

export const zoneLabel = (zone: string) => zone.replaceAll('_', ' ');
