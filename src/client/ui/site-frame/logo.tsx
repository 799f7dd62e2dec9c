/** The shield mark of the site name; decorative, the name is always written beside it. */
export function Logo() {
  return (
    <svg className="logo" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M16 2 4 6.5v8.7c0 7.3 5 13.5 12 14.8 7-1.3 12-7.5 12-14.8V6.5L16 2Z" />
      <path
        className="logo__check"
        fill="none"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="m10.5 16.2 3.8 3.8 7.5-8"
      />
    </svg>
  );
}
