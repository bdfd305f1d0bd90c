/** A blog card's date is day-month-year text, 13-07-2025 (the UTC day of the post). */
export function cardDate(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCDate())}-${two(date.getUTCMonth() + 1)}-${date.getUTCFullYear()}`;
}
