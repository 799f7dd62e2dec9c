import { useEffect, useRef, type ChangeEvent } from 'react';
import type { ProductTier } from '#shared/catalog.ts';
import { setProductTier } from './page-state.ts';
import type { IslandProps } from './types.ts';

export type ProductTierSwitchProps = IslandProps<{ legend: string; basic: string; foundation: string; champion: string }>;

const productTierInputName = 'product-tier';

// Not imported from the catalogue: that would ship every product text to the browser.
const productTiers = ['basic', 'foundation', 'champion'] as const satisfies readonly ProductTier[];

function isProductTier(value: string | undefined): value is ProductTier {
  return (productTiers as readonly (string | undefined)[]).includes(value);
}

/**
 * `data-island="product-tier-switch"`: the tab switch of the product table (basic,
 * foundation, champion). On narrow screens the table shows one tier at a time. Like the
 * payment-frequency switch it is a radio group styled as tabs, so it works without JS;
 * mounted, it selects the tier named in the URL fragment (`#tier-champion`, also on later
 * fragment changes) and
 * publishes the choice on `<body data-product-tier>`.
 */
export default function ProductTierSwitch({ legend, ...labels }: ProductTierSwitchProps) {
  const fieldset = useRef<HTMLFieldSetElement>(null);

  useEffect(() => {
    const inputs = [...(fieldset.current?.querySelectorAll<HTMLInputElement>('input') ?? [])];
    const selectFromHash = () => {
      const fromHash = location.hash.startsWith('#tier-') ? location.hash.slice('#tier-'.length) : undefined;
      const target = inputs.find((input) => input.value === fromHash);
      if (target) target.checked = true;
      const checked = inputs.find((input) => input.checked)?.value;
      setProductTier(isProductTier(checked) ? checked : 'basic');
    };
    selectFromHash();
    window.addEventListener('hashchange', selectFromHash);
    return () => window.removeEventListener('hashchange', selectFromHash);
  }, []);

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    if (isProductTier(event.target.value)) setProductTier(event.target.value);
  };

  return (
    <fieldset className="segmented" ref={fieldset}>
      <legend>{legend}</legend>
      {productTiers.map((tier) => (
        <label key={tier}>
          <input
            type="radio"
            name={productTierInputName}
            value={tier}
            defaultChecked={tier === 'basic'}
            onChange={change}
          />
          <span>{labels[tier]}</span>
        </label>
      ))}
    </fieldset>
  );
}
