/**
 * The country the visitor last chose themselves (an address's country in the checkout, a
 * phone's country code in a form), kept in this browser's localStorage. The visitor's
 * country from the server may be only a guess from the browser's language (an English
 * browser gives the United States); a country the visitor chose is better, so the phone
 * fields of the public forms start with it (public-fields.tsx).
 */
const chosenCountryKey = 'chosen-country';

/** localStorage, or undefined where it is missing or refused (some private modes). */
function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function rememberChosenCountry(code: string): void {
  if (!/^[A-Z]{2}$/.test(code)) return;
  try {
    storage()?.setItem(chosenCountryKey, code);
  } catch {
    // A full or refused storage: the guess stays the default, nothing else changes.
  }
}

export function readChosenCountry(): string | undefined {
  const code = storage()?.getItem(chosenCountryKey) ?? undefined;
  return code && /^[A-Z]{2}$/.test(code) ? code : undefined;
}
