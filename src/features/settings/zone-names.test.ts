import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isTimeZone } from './schema.ts';
import { timeZoneGroups } from './time-zones.ts';
import { currentZoneName, RENAMED_ZONES } from './zone-names.ts';

const listed = (groups: { zones: string[] }[]) => groups.flatMap((group) => group.zones);

/** The machine's tz database, compiled (Debian's tzdata): its zones, and its links' targets. */
function systemTzData(): { zones: Set<string>; links: Map<string, string> } | undefined {
  let text: string;
  try {
    text = fs.readFileSync('/usr/share/zoneinfo/tzdata.zi', 'utf8');
  } catch {
    return undefined;
  }
  const zones = new Set<string>();
  const links = new Map<string, string>();
  for (const line of text.split('\n')) {
    const [kind, a, b] = line.split(/\s+/);
    if (kind === 'Z' && a) zones.add(a);
    if (kind === 'L' && a && b) links.set(b, a);
  }
  return { zones, links };
}

describe('time zone names', () => {
  it('lists the current IANA names, never the old ones this runtime gives', () => {
    const zones = listed(timeZoneGroups('Europe/Paris'));
    expect(zones).toEqual(expect.arrayContaining(['Europe/Kyiv', 'Asia/Kolkata', 'America/Nuuk']));
    for (const old of Object.keys(RENAMED_ZONES)) expect(zones).not.toContain(old);
    expect(new Set(zones).size).toBe(zones.length);
  });

  it('shows a museum’s old name as the new one, once, even where the browser lists both', () => {
    const groups = timeZoneGroups('Europe/Kiev', () => ['Europe/Kiev', 'Europe/Kyiv', 'UTC']);
    expect(groups).toEqual([
      { region: 'Europe', zones: ['Europe/Kyiv'] },
      { region: 'UTC', zones: ['UTC'] },
    ]);
    expect(currentZoneName('Asia/Saigon')).toBe('Asia/Ho_Chi_Minh');
    expect(currentZoneName('Europe/Paris')).toBe('Europe/Paris');
    expect(currentZoneName('toString')).toBe('toString');
  });

  it('gives only names this runtime accepts, at the same offsets as the old ones', () => {
    const at = new Date('2026-07-01T12:00:00Z');
    const clock = (zone: string) =>
      new Intl.DateTimeFormat('en', { timeZone: zone, timeStyle: 'full' }).format(at);
    for (const [old, current] of Object.entries(RENAMED_ZONES)) {
      expect(isTimeZone(current), current).toBe(true);
      expect(clock(current), current).toBe(clock(old));
    }
  });

  it('knows every rename of the machine’s tz database among the zones this runtime lists', (ctx) => {
    const tz = systemTzData();
    if (!tz) return ctx.skip();
    const supported = new Set(Intl.supportedValuesOf('timeZone'));
    // A listed name that is only a link, to a zone the runtime does not list: a rename.
    const renamed = [...supported].filter((zone) => {
      const target = tz.links.get(zone);
      return !tz.zones.has(zone) && target !== undefined && !supported.has(target);
    });
    for (const zone of renamed) expect(RENAMED_ZONES[zone], zone).toBe(tz.links.get(zone));
  });
});
