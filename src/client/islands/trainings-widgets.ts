/**
 * The widgets only the trainings page has, in one module so that the build makes one
 * chunk of them (one request, compressed together) rather than one each; like site-wide.ts.
 */
export { default as AddToCart } from './add-to-cart.tsx';
export { default as PaymentFrequencySwitch } from './payment-frequency-switch.tsx';
export { default as ProductTierSwitch } from './product-tier-switch.tsx';
