/** Intl's formats, made once per language for every invoice the thread renders: making one costs more than using it. */
const regionNamesOf = new Map<string, Intl.DisplayNames>();
const rateFormats = new Map<string, Intl.NumberFormat>();

export function regionNames(language: string): Intl.DisplayNames {
  let names = regionNamesOf.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    regionNamesOf.set(language, names);
  }
  return names;
}

export function rateFormat(language: string): Intl.NumberFormat {
  let format = rateFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    rateFormats.set(language, format);
  }
  return format;
}
