/** The illustrations' palette: Legenda's purple and accent, plus sand, sea, terracotta and paper. */
export const C = {
  purple: '#341539',
  plum: '#4d2653',
  mauve: '#7a4a78',
  accent: '#b5559b',
  rose: '#e7c3d9',
  sand: '#e9dcc9',
  sandLight: '#f3ebdf',
  sandDark: '#d6c3a8',
  sandDeep: '#b89a76',
  wood: '#9c6b4a',
  woodDark: '#6e4632',
  sea: '#2f5d7c',
  seaDark: '#1d3c53',
  seaLight: '#7ea3bc',
  seaPale: '#c7d8e2',
  terra: '#c96f4a',
  terraDark: '#9a4d31',
  terraLight: '#e3a585',
  clay: '#dfbca2',
  off: '#f7f2ea',
  paper: '#ffffff',
  ink: '#2a1730',
  bar: '#d3cad0',
  barDark: '#a99aa6',
  steel: '#8e96a0',
} as const;

export const SERIF =
  "'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, 'Liberation Serif', serif";
export const SANS = "system-ui, -apple-system, 'Segoe UI', 'DejaVu Sans', sans-serif";

export const SKINS = ['#f1cfae', '#dca57f', '#b07552', '#7a4b35', '#ebbc97'] as const;
export const HAIRS = ['#2a1730', '#6b3f2a', '#c99f72', '#9b9198', '#43281c'] as const;
