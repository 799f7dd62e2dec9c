/** The app's page without a cart and its contact page. */
export const shop = {
  'shop.noCart.title': 'No shopping cart',
  'shop.noCart.text': 'There is no shopping cart in this browser yet. Choose a training to start one.',
  'shop.noCart.found.title': 'Your shopping cart',
  'shop.noCart.found.one': 'This browser has a shopping cart with {count} training.',
  'shop.noCart.found.other': 'This browser has a shopping cart with {count} trainings.',
  'shop.noCart.found.empty': 'This browser has a shopping cart, but it is empty.',

  'contact.title': 'Contact us',
  'contact.intro': 'Write to the team that can help you best. We answer within two working days.',
  'contact.sent.text': 'Thank you for your message. We will answer within two working days.',
  'contact.sent.home': 'Back to the home page',
} as const;
