/** A link of the top bar, in the wide bar and in the phone's menu alike. */
export type NavLink = { path: string; href: string; label: string };
