/**
 * Bar colours of the statistics charts: the brand plum first, then hues far apart from one
 * another (neighbours in a stack never look alike, with colour blindness too as far as ten
 * colours allow). Every one has a contrast of at least 3:1 on the white page (WCAG 1.4.11),
 * and stacked segments are parted by a white border. More series than colours: the list
 * repeats.
 */
export const PALETTE = [
  '#341539', // plum, the brand colour (16:1)
  '#1b7f79', // teal (4.8:1)
  '#c26a00', // ochre (3.9:1)
  '#b5559b', // orchid, the focus colour (4.4:1)
  '#2f5fa7', // blue (6.3:1)
  '#4d7f2a', // green (4.8:1)
  '#b23a2b', // brick (5.9:1)
  '#7a4fb0', // violet (5.9:1)
  '#4f5d75', // slate (6.7:1)
  '#8a5a3c', // brown (5.8:1)
] as const;

export function colourOf(index: number): string {
  return PALETTE[index % PALETTE.length]!;
}
