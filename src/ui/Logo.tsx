/** The Legenda mark: a speech-bubble label over a museum plinth. Decorative; the word is the name. */
export default function Logo() {
  return (
    <svg
      className="logo-mark"
      aria-hidden="true"
      focusable="false"
      width="32"
      height="32"
      viewBox="0 0 32 32"
    >
      <rect width="32" height="32" rx="8" fill="#341539" />
      <path
        d="M9 8h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-7l-4 4v-4H9a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2z"
        fill="#ffffff"
      />
      <path d="M11 12h10M11 16h6" stroke="#341539" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
