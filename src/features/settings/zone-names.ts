/**
 * Time zones' current IANA names for the old ones browsers and Node still list: their
 * Intl.supportedValuesOf('timeZone') gives CLDR's identifiers, which kept the spelling a zone had
 * when CLDR first named it (Europe/Kiev, Asia/Calcutta). The tz database has since renamed
 * them and keeps the old names as links (its file `backward`); both names work everywhere
 * Legenda passes one (Intl, PostgreSQL), so a museum whose setting holds an old name keeps
 * working, and is shown and saved under the new one.
 *
 * Only renames are here, never zones the tz database merged into another one (Europe/Amsterdam
 * is still Amsterdam to a curator). A runtime that lists a name below under its new spelling
 * already needs nothing. Check against a newer tz release's `backward` when one renames a zone
 * (zone-names.test.ts compares with the machine's own tz database when it has one).
 */
export const RENAMED_ZONES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** A zone under its current name: 'Europe/Kiev' → 'Europe/Kyiv'; any other name as it is. */
export function currentZoneName(zone: string): string {
  return Object.hasOwn(RENAMED_ZONES, zone) ? RENAMED_ZONES[zone]! : zone;
}
