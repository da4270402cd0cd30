/**
 * Intl's formatters, made once per language and options. Constructing one costs far more than
 * formatting with it (it loads the locale's data): a page of 20 rows with two dates and an amount
 * each made 60 of them in its first draw (issue 25: a list's first rows). Formatters are
 * immutable, so one serves every caller with the same options.
 */

const dateTimes = new Map<string, Intl.DateTimeFormat>();
const numbers = new Map<string, Intl.NumberFormat>();

function cached<F>(cache: Map<string, F>, lang: string, options: object | undefined, make: () => F): F {
  const key = `${lang}|${options ? JSON.stringify(options) : ''}`;
  let f = cache.get(key);
  if (!f) {
    // A constructor that throws (an unknown currency) caches nothing and throws to its caller.
    f = make();
    cache.set(key, f);
  }
  return f;
}

export function dateTimeFormat(lang: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateTimes, lang, options, () => new Intl.DateTimeFormat(lang, options));
}

export function numberFormat(lang: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(numbers, lang, options, () => new Intl.NumberFormat(lang, options));
}
