/** The hamburger button's two drawings (24 × 24), for the React menu and the public pages' script. */
export const MENU_ICON = {
  open: 'M6 6l12 12M18 6L6 18',
  closed: 'M4 7h16M4 12h16M4 17h16',
} as const;
