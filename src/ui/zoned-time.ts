// Times in the museum's time zone (its setting), whatever the zone of the curator's browser:
// planned publishes are said and typed as the museum's clocks show them.
import type { TFn } from '../i18n/react.ts';

/** The zone's offset from UTC at `at`, in minutes (Paris in winter: 60). */
function offsetMinutes(at: Date, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, '0');

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * A date (YYYY-MM-DD) and time (HH:MM) on the zone's clocks as an ISO 8601 time with its offset,
 * or null when they are not such a date and time. A time the clocks skip (the hour lost when
 * summer time starts) is read with the offset of the hour before, so it lands just after the
 * change, as a person setting an alarm would expect.
 */
export function zonedIso(date: string, time: string, zone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23) return null;
  // The offset at the wall time read as UTC, then at the instant that gives: twice is enough.
  let offset = offsetMinutes(new Date(wall), zone);
  offset = offsetMinutes(new Date(wall - offset * 60_000), zone);
  return `${date}T${time}:00${offsetText(offset)}`;
}

/** An instant as the zone's clocks show it, for the date and time inputs. */
export function zonedInputs(at: Date, zone: string): { date: string; time: string } {
  const local = new Date(at.getTime() + offsetMinutes(at, zone) * 60_000);
  return {
    date: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  };
}

/** '1 mars 2027 à 09:00' or '1 March 2027 at 09:00', on the zone's clocks. */
export function formatZoned(iso: string, zone: string, lang: 'fr' | 'en'): string {
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: zone,
  }).format(new Date(iso));
}

/** The place a zone is named after ('Europe/Paris': 'Paris'), or null for UTC and its aliases. */
export function zonePlace(zone: string): string | null {
  if (/^(Etc\/)?(UTC|GMT|UCT|Universal|Zulu)([+-]0)?$/i.test(zone)) return null;
  const last = zone.slice(zone.lastIndexOf('/') + 1);
  return last.replaceAll('_', ' ');
}

/** 'heure de Paris' or 'Paris time': the zone named as the curator reads it. */
export function zoneName(t: TFn, zone: string): string {
  const place = zonePlace(zone);
  if (place === null) return t('publishing.zoneUtc');
  return t(/^[aeiouyàâéèêëîïôûüh]/i.test(place) ? 'publishing.zoneVowel' : 'publishing.zone', {
    place,
  });
}
