/**
 * The marketing pages' widget texts that only the prerender needs: the role
 * questionnaire (passed to its island in data-* attributes), the FAQ, the newsletter
 * section and the add-to-cart buttons. Page texts, like `site.ts`, which browsers never
 * load (docs/decisions/031-catalogues-per-language.md).
 */
export const siteWidgets = {
  // Role questionnaire
  'widgets.questionnaire.heading': 'Which training fits us?',
  'widgets.questionnaire.intro': 'Four questions, one minute: we recommend the level that fits your team.',
  'widgets.questionnaire.progress': 'Question {step} of {count}',
  'widgets.questionnaire.back': 'Back',
  'widgets.questionnaire.next': 'Next',
  'widgets.questionnaire.finish': 'Show recommendation',
  'widgets.questionnaire.result': 'Our recommendation: {title}',
  'widgets.questionnaire.restart': 'Start again',
  'widgets.questionnaire.q1': 'Who should the training reach first?',
  'widgets.questionnaire.q1.basic': 'Everyone in the company: office, sales, HR and management',
  'widgets.questionnaire.q1.foundation': 'Our IT team and our software developers',
  'widgets.questionnaire.q1.champion': 'Our CISO, information security officer or security team',
  'widgets.questionnaire.q2': 'Which of these worries you most?',
  'widgets.questionnaire.q2.basic': 'An employee clicking a phishing link or giving away a password',
  'widgets.questionnaire.q2.foundation': 'Vulnerable code, unpatched systems or a slow response to an incident',
  'widgets.questionnaire.q2.champion': 'Showing auditors, customers and the board that our risks are under control',
  'widgets.questionnaire.q3': 'Where does security training stand in your company today?',
  'widgets.questionnaire.q3.basic': 'Nothing regular yet, or a yearly slide show',
  'widgets.questionnaire.q3.foundation': 'Everyone knows the basics; our technical staff need deeper skills',
  'widgets.questionnaire.q3.champion': 'We run an awareness programme and need people to lead and govern security',
  'widgets.questionnaire.q4': 'What should the participants be able to do afterwards?',
  'widgets.questionnaire.q4.basic': 'Recognise an attack and report it at once',
  'widgets.questionnaire.q4.foundation': 'Build and run systems securely and handle an incident',
  'widgets.questionnaire.q4.champion': 'Assess risks, model threats and steer our security strategy',

  // FAQ
  'widgets.faq.heading': 'Frequently asked questions',
  'widgets.faq.seats.question': 'How do seats work, and can we pass a seat on?',
  'widgets.faq.seats.answer':
    'A seat is for one named person in your organisation. When that person leaves, you can give the seat to a colleague; two people cannot share a seat at the same time. In the cart you choose the number of seats per training, from 1 to 10,000. For large teams we are happy to make you an offer.',
  'widgets.faq.frequency.question': 'What is the difference between monthly and one-time?',
  'widgets.faq.frequency.answer':
    'One-time: you pay the seat price once. Monthly: you pay a price per seat and month for a minimum term of 12, 24 or 36 months, chosen in the cart (12 months unless you choose another); the order is invoiced month by month in advance, the first month with the order. After the minimum term, monthly trainings continue until you terminate them.',
  'widgets.faq.invoice.question': 'How do we pay, and do we get an invoice?',
  'widgets.faq.invoice.answer':
    'You order on invoice; there is no card payment. With the order confirmation we e-mail you the invoice as a PDF, payable within 30 days by bank transfer; invoices in CHF and EUR also carry a Swiss QR-bill. You can download the invoice again from the tracking page of your order.',
  'widgets.faq.vat.question': 'Are the prices with or without VAT? What about reverse charge in the EU?',
  'widgets.faq.vat.answer':
    'All prices are net. VAT follows the billing address: 8.1 % Swiss VAT for Switzerland and Liechtenstein. Businesses in an EU member state are invoiced without VAT under the reverse-charge procedure, for which we need your VAT number in the format of your country (for example DE123456789). Elsewhere no VAT is charged (export of services). The checkout shows the net amount, the VAT and the total before you order.',
  'widgets.faq.cancel.question': 'Can we cancel or terminate?',
  'widgets.faq.cancel.answer':
    'Nothing is binding until you confirm the order at checkout; until then you can change or empty your cart. Monthly trainings can be terminated with one month’s notice to the end of the minimum term or of any later month. Amounts paid for a term already started are not refunded unless we are responsible for the termination. One-time trainings are paid once and have no term to terminate.',
  'widgets.faq.cancel.link': 'Send us your notice through the contact form',
  'widgets.faq.privacy.question': 'What happens to our employees’ data?',
  'widgets.faq.privacy.answer':
    'We process personal data under the Swiss Federal Act on Data Protection (nDSG) and, where it applies, the GDPR. Our servers and database are hosted in data centres in Switzerland. We do not sell data, use no tracking or advertising cookies, and keep data only as long as the purpose or the law requires.',
  'widgets.faq.privacy.link': 'Read our privacy policy',
  'widgets.faq.start.question': 'How soon can our people start?',
  'widgets.faq.start.answer':
    'We set up the seats within five working days after your order and send the access data to the contact person you name at checkout.',

  // Newsletter section
  'widgets.newsletter.heading': 'Stay up to date',
  'widgets.newsletter.text': 'News about cyber threats, our trainings and webinars, about once a month. You can unsubscribe at any time.',
  'widgets.newsletter.button': 'Get the newsletter',

  // The add-to-cart buttons of the home and trainings pages
  'shop.addToCart': 'Add to cart',
  'shop.addToCart.adding': 'Adding…',
  'shop.addToCart.added': 'Added to the cart',
  'shop.addToCart.failed': 'Could not add to the cart. Please try again.',
} as const;
