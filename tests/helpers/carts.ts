import type { Cart } from '#shared/schemas/cart.ts';
import { inEveryLanguage } from './languages.ts';

/** A cart as the API answers it (`cartCalls.cart`): one line of ten basic seats paid once, in CHF, unless changed. */
export function cartAnswer(change: Partial<Cart> = {}): Cart {
  return {
    id: '0b7c5a52-9f0e-4d4c-8d7e-3f1a2b3c4d5e',
    items: [
      {
        id: '1d2c3b4a-0000-4000-8000-000000000001',
        productCode: 'cyber_security_training_basic_v1',
        product: {
          code: 'cyber_security_training_basic_v1',
          tier: 'basic',
          title: 'Basic',
          translations: inEveryLanguage({ 'en-US': { title: 'Cyber security basics', description: '' }, 'de-CH': { title: 'Cyber-Sicherheit Grundlagen', description: '' } }),
        },
        quantity: 10,
        periodMonths: null,
        unitPrice: 60,
        totalPrice: 600,
        status: 'ACTIVE',
        paymentFrequency: 'ONE_TIME',
      },
    ],
    currency: 'CHF',
    language: 'en-US',
    totalPrice: 600,
    totals: { oneTime: 600, monthly: 0, perMonth: 0, dueToday: 600 },
    status: 'SHOPPING_CART',
    count: 1,
    isSubscribed: false,
    details: { shoppingCart: true, status: 'SHOPPING_CART' },
    ...change,
  };
}
