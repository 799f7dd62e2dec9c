/**
 * `data-island="cart-button"`: the header's cart button, the same component as in the
 * app's header (src/client/features/cart/cart-button.tsx); its attributes are its props.
 */
export { default } from '#client/features/cart/cart-button.tsx';
