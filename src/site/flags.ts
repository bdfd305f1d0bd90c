/**
 * The flags the landing and contact pages burst: countries whose languages the
 * translations reach, from every continent. ISO 3166-1 alpha-2 codes. They are drawn from one
 * picture of them all (flag-sprite.webp, made from the flag-icons set by
 * tools/marketing/flags/make-flag-sprite.ts), not as emoji: many systems have no colour emoji
 * font and showed empty boxes or letter pairs.
 */
const COUNTRIES_BY_CONTINENT = [
  'FR GB IE DE AT CH BE NL LU ES PT IT GR MT CY DK NO SE FI IS',
  'EE LV LT PL CZ SK HU SI HR BA RS ME MK AL BG RO MD UA GE AM',
  'MA DZ TN EG SN ML CI GH NG CM CD ET KE TZ RW MG ZA NA',
  'CA US MX GT CU HT JM CO VE PE EC BO PY UY AR CL BR',
  'TR IL LB JO SA AE IR PK IN NP BD LK TH VN KH MY SG ID PH CN MN KR JP AU NZ FJ',
];

export const FLAG_COUNTRIES: readonly string[] = COUNTRIES_BY_CONTINENT.join(' ').split(' ');
