import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { rememberCart } from '#client/features/cart/cart.ts';
import { useT } from '#client/lib/i18n.tsx';
import { appPaths } from '#shared/paths.ts';

/**
 * `/app/orders/{id}/restore-shopping-cart`, the link of the saved-cart mail: puts the
 * cart into this browser's cookie and opens it.
 */
export default function RestoreShoppingCartPage() {
  const { orderId = '' } = useParams();
  const navigate = useNavigate();
  const t = useT();
  useEffect(() => {
    rememberCart(orderId);
    void navigate(appPaths.shoppingCart(orderId), { replace: true });
  }, [orderId, navigate]);
  return <p role="status">{t('shop.cart.restoring')}</p>;
}
