import { currencies, type Currency } from '#shared/locales.ts';
import { formatMoneyWithCode, toMajor } from '#shared/money.ts';
import { useSite } from '../site-context.tsx';

/**
 * A price in every currency. Only the page's currency is visible in the markup; the others
 * carry `hidden`, and the stylesheet shows the one named by `<body data-selected-currency>`,
 * so the currency selector switches prices without a reload and without JS of its own.
 */
export function Price({ amounts }: { amounts: Record<Currency, number> }) {
  const { currency: selected } = useSite();
  return (
    <span className="price">
      {currencies.map((currency) => (
        <span key={currency} className="money" data-currency={currency} hidden={currency !== selected}>
          {formatMoneyWithCode(toMajor(amounts[currency]), currency)}
        </span>
      ))}
    </span>
  );
}
