/** The marketing site (src/site) and its widgets (src/client/islands). */
export const site = {
  // Layout
  'site.meta.title': '{page} | {site}',

  // Prices
  'site.price.from': 'from',
  'site.price.perSeatMonth': 'per seat and month',
  'site.price.perSeatOnce': 'per seat, paid once',

  // Home
  'site.home.title': 'CyberSafe Academy – cybersecurity training for businesses',
  'site.home.description':
    'Security awareness and hands-on cybersecurity training for every role in your company, per seat, monthly or one-time. From CyberSafe Academy in Zürich.',
  'site.home.heading': 'Cybersecurity training for every seat in your company',
  'site.home.lead':
    'From the front desk to the CISO: practical courses that turn your people into your strongest defense. Swiss quality, in English and German.',
  'site.home.cta': 'Compare trainings',
  'site.home.ctaContact': 'Talk to an expert',
  'site.home.tiers.heading': 'Three levels, one platform',
  'site.home.tiers.text': 'Every employee needs the basics; your IT team and your security leads need more. Combine the levels as your team requires.',
  'site.home.tiers.link': 'Explore {title}',
  'site.home.why.heading': 'Why teams choose us',
  'site.home.why.practical.title': 'Practical, not theoretical',
  'site.home.why.practical.text':
    'Short lessons built around real attacks: phishing e-mails, fake invoices, leaked passwords. Every module ends with an exercise.',
  'site.home.why.privacy.title': 'Swiss data protection',
  'site.home.why.privacy.text':
    'We host in Switzerland and follow the Swiss Data Protection Act and the EU GDPR. We never sell your data.',
  'site.home.why.flexible.title': 'Pay the way you plan',
  'site.home.why.flexible.text':
    'Book a monthly subscription per seat or pay once. Add seats whenever your team grows.',
  'site.home.contact.heading': 'Not sure which level fits?',
  'site.home.contact.text':
    'Tell us about your team and our education experts will recommend a training plan within one working day.',
  'site.home.contact.cta': 'Contact us',

  // Trainings
  'site.trainings.title': 'Trainings and prices',
  'site.trainings.description':
    'Compare the Basic, Foundation and Champion cybersecurity trainings: what is included and the per-seat prices in EUR, USD and CHF, monthly or one-time.',
  'site.trainings.heading': 'Trainings and prices',
  'site.trainings.lead': 'Choose the level that fits each role. Prices are per seat; book monthly or pay once.',
  'site.trainings.frequency.legend': 'Payment',
  'site.trainings.frequency.monthly': 'Monthly',
  'site.trainings.frequency.oneTime': 'One-time',
  'site.trainings.tiers.legend': 'Training level',
  'site.trainings.tier.basic': 'Basic',
  'site.trainings.tier.foundation': 'Foundation',
  'site.trainings.tier.champion': 'Champion',
  'site.trainings.note.monthly': 'Minimum term of 12, 24 or 36 months, chosen in the cart; billed month by month.',
  'site.trainings.note.oneTime': 'A single payment per seat.',
  'site.trainings.addToCart': 'Add to cart',
  'site.trainings.features': 'What is included',
  'site.trainings.vatNote':
    'All prices are net. Customers in Switzerland and Liechtenstein pay 8.1 % VAT; for business customers in the EU the reverse-charge procedure applies.',
  'site.trainings.help.heading': 'Questions about the right level?',
  'site.trainings.help.text':
    'Our education experts help you choose the right mix of trainings for your team, and make you an offer for larger teams.',
  'site.trainings.help.cta': 'Contact us',

  // Not found
  'site.notFound.trainings': 'See our trainings',

  // Imprint
  'site.imprint.title': 'Imprint',
  'site.imprint.description':
    'Legal information about CyberSafe Academy AG, Zürich: address, contact, commercial register, UID and VAT number.',
  'site.imprint.heading': 'Imprint',
  'site.imprint.company.heading': 'Company',
  'site.imprint.contact.heading': 'Contact',
  'site.imprint.contact.phone': 'Phone',
  'site.imprint.contact.email': 'E-mail',
  'site.imprint.management.heading': 'Authorized representatives',
  'site.imprint.management.text':
    'Laura Meier, Chief Executive Officer; Daniel Huber, Chair of the Board of Directors',
  'site.imprint.register.heading': 'Commercial register',
  'site.imprint.register.entry': 'Register',
  'site.imprint.register.entryValue': 'Commercial register of the Canton of Zurich',
  'site.imprint.register.uid': 'Company identification number (UID)',
  'site.imprint.register.vat': 'VAT number',
  'site.imprint.responsible.heading': 'Responsible for the content',
  'site.imprint.responsible.text': 'Laura Meier, {companyName}, {companyStreet}, {companyCity}, Switzerland',
  'site.imprint.disclaimer.heading': 'Disclaimer',
  'site.imprint.disclaimer.text':
    'We check the content of this website with care, but we cannot guarantee that it is correct, complete or up to date. As far as the law permits, we accept no liability for material or immaterial damage arising from access to, use or non-use of the published information, from misuse of the connection or from technical faults.',
  'site.imprint.links.heading': 'Links to other websites',
  'site.imprint.links.text':
    'Links to websites of third parties are outside our responsibility. We accept no liability for such websites; you access and use them at your own risk.',
  'site.imprint.copyright.heading': 'Copyright',
  'site.imprint.copyright.text':
    'The texts, graphics and other content of this website belong to CyberSafe Academy AG or to the rights holders named. Any reproduction requires our prior written permission.',
  'site.imprint.privacy.heading': 'Data protection',
  'site.imprint.privacy.text': 'How we process personal data is explained in our privacy policy.',
  'site.imprint.privacy.link': 'Read the privacy policy',

  // Privacy policy
  'site.privacy.title': 'Privacy policy',
  'site.privacy.description': 'How CyberSafe Academy AG processes personal data under the Swiss Data Protection Act (nDSG) and the EU GDPR: data, purposes, cookies, recipients, retention, your rights.',
  'site.privacy.heading': 'Privacy policy',
  'site.privacy.updated': 'Last updated: 21 November 2026',
  'site.privacy.intro':
    'This privacy policy explains which personal data CyberSafe Academy AG collects when you visit our website, buy trainings, sign up for webinars or our newsletter, download content or contact us, what we use it for, to whom we disclose it and what rights you have. We process personal data in accordance with the Swiss Federal Act on Data Protection (nDSG) and its ordinance (DSV) and, where it applies to you, the EU General Data Protection Regulation (GDPR).',
  'site.privacy.toc': 'Contents',

  'site.privacy.controller.heading': 'Controller and contact',
  'site.privacy.controller.p1': 'The controller responsible for processing your personal data is:',
  'site.privacy.controller.p2':
    'For all questions about data protection and to exercise your rights, please write to our data protection contact:',
  'site.privacy.controller.p3':
    'You can also use our contact form and choose the recipient "Data privacy officer", or send a letter to the address above marked "Data protection".',
  'site.privacy.controller.p4':
    'Our representative in the European Union under Art. 27 GDPR is CyberSafe Academy EU GmbH, Friedrichstrasse 68, 10117 Berlin, Germany.',

  'site.privacy.data.heading': 'Which data we process and why',
  'site.privacy.data.p1':
    'We process only the data we need for the purposes described below. You are not obliged to give us personal data, but without the data marked as required we cannot process an order or answer a request. Fields marked as optional are up to you.',
  'site.privacy.data.website.heading': 'Visiting our website',
  'site.privacy.data.website.p1':
    'When you open a page, our server records the technical data your browser sends: IP address, date and time of the request, the page requested, the referring page, the status of the response, and the type and version of your browser and operating system. We use this data to deliver the website, to keep it secure and stable, and to detect and fend off attacks. Server log files are deleted after 14 days, unless a security incident requires us to keep individual entries longer.',
  'site.privacy.data.website.p2':
    'To preselect the dialling code in our forms, we determine your country from your IP address with a database on our own server. The result is not stored.',
  'site.privacy.data.orders.heading': 'Shopping cart and orders',
  'site.privacy.data.orders.p1':
    'When you add a training to the cart, we create a cart with the products, quantities, payment frequency, currency and language you chose and store its identifier in the shopping_cart cookie. When you order, we also process the company name, the name, e-mail address and phone number of the contact person, the company address and the invoice address, the VAT number where one is required, and the order history, invoices and payments.',
  'site.privacy.data.orders.p2':
    'We use this data to process your order, to provide the trainings, to invoice, to manage subscriptions and terminations, and to answer your questions about the order.',
  'site.privacy.data.savedCart.heading': 'Saving the cart by e-mail',
  'site.privacy.data.savedCart.p1':
    'If you save your cart, we store your e-mail address with the cart and send you a link to restore it. The e-mail address is deleted together with the cart.',
  'site.privacy.data.contact.heading': 'Contact form',
  'site.privacy.data.contact.p1':
    'When you send us a message, we process your first and last name, your e-mail address, the company and phone number if you give them, the recipient you chose, the subject and the message, in order to answer you.',
  'site.privacy.data.newsletter.heading': 'Newsletter',
  'site.privacy.data.newsletter.p1':
    'If you subscribe to our newsletter, we process your e-mail address and first name and, if you give them, your last name, gender, preferred language, role, experience level and topics of interest, together with the date and time of your consent. We use this data to send you the newsletter and to choose content that suits you.',
  'site.privacy.data.newsletter.p2':
    'You can change your preferences or unsubscribe at any time with the link in every newsletter. Withdrawing your consent does not affect the lawfulness of the processing before the withdrawal.',
  'site.privacy.data.events.heading': 'Webinars and downloads',
  'site.privacy.data.events.p1':
    'When you sign up for a webinar or request a download, such as our free cybersecurity education guide, we process your name, your e-mail address and, if you give them, your company, role and phone number, in order to send you the access link, the document and reminders.',
  'site.privacy.data.captcha.heading': 'Protection against automated abuse',
  'site.privacy.data.captcha.p1':
    'Our forms are protected against robots by a proof-of-work check: before a form is sent, your browser solves a small computing task. The check runs on our own servers, sets no cookies and does not identify you. We store a solved task only until it expires, a few minutes later, so that it cannot be used twice.',

  'site.privacy.cookies.heading': 'Cookies and local storage',
  'site.privacy.cookies.p1':
    'We use only cookies that are needed to run the website or that store a choice you made. We use no analytics, tracking or advertising cookies and no cookies of third parties.',
  'site.privacy.cookies.caption': 'Cookies used on this website',
  'site.privacy.cookies.col.name': 'Name',
  'site.privacy.cookies.col.purpose': 'Purpose',
  'site.privacy.cookies.col.lifetime': 'Lifetime',
  'site.privacy.cookies.shoppingCart.purpose': 'Identifies your shopping cart.',
  'site.privacy.cookies.shoppingCart.lifetime': '90 days',
  'site.privacy.cookies.xsrf.purpose': 'Protects our forms against cross-site request forgery.',
  'site.privacy.cookies.xsrf.lifetime': 'Until you close the browser',
  'site.privacy.cookies.currency.purpose': 'Stores the currency you chose for prices.',
  'site.privacy.cookies.currency.lifetime': '1 year',
  'site.privacy.cookies.locale.purpose': 'Stores the language you chose.',
  'site.privacy.cookies.locale.lifetime': '1 year',
  'site.privacy.cookies.cookiebanner.purpose': 'Stores your choice in the cookie notice.',
  'site.privacy.cookies.cookiebanner.lifetime': '1 year',
  'site.privacy.cookies.session.purpose': 'Keeps our staff signed in to the back office; set only for our employees.',
  'site.privacy.cookies.session.lifetime': '8 hours without activity, at most 7 days',
  'site.privacy.cookies.accountSession.purpose': 'Keeps you signed in to your account with us after you opened the sign-in link we e-mailed you.',
  'site.privacy.cookies.accountSession.lifetime': '30 days without activity, or until you sign out',
  'site.privacy.cookies.p2':
    'In the local storage of your browser we keep the time at which you last closed our pop-up window, so that it does not appear again too soon, and the time at which you requested our free guide through it, so that it does not offer the guide again. This information does not leave your device.',
  'site.privacy.cookies.p3':
    'You can delete cookies and local storage and block cookies in your browser settings at any time. Without the cookies above, the shopping cart and our forms do not work.',

  'site.privacy.legal.heading': 'Legal bases',
  'site.privacy.legal.p1':
    'Where the GDPR applies, we process your personal data on the following legal bases:',
  'site.privacy.legal.li1':
    'performance of a contract with you or steps taken at your request before entering into one (Art. 6(1)(b) GDPR): shopping cart, orders, invoicing, saving the cart, webinars and downloads you request;',
  'site.privacy.legal.li2':
    'compliance with legal obligations (Art. 6(1)(c) GDPR): keeping accounting and tax records;',
  'site.privacy.legal.li3':
    'our legitimate interests (Art. 6(1)(f) GDPR): operating a secure and stable website, protecting our forms against abuse, answering enquiries, and establishing or defending legal claims;',
  'site.privacy.legal.li4':
    'your consent (Art. 6(1)(a) GDPR): newsletter. You can withdraw your consent at any time with effect for the future.',
  'site.privacy.legal.p2':
    'Under the nDSG, we process personal data in accordance with the principles of lawfulness, good faith, proportionality, purpose limitation and transparency (Art. 6 nDSG). Where a justification is needed, it lies in the same reasons: the contract with you, the law, our overriding interests or your consent (Art. 31 nDSG).',

  'site.privacy.recipients.heading': 'Recipients and processors',
  'site.privacy.recipients.p1':
    'We do not sell personal data and do not disclose it for advertising. Within CyberSafe Academy AG, only the employees who need the data for their tasks have access to it. We use service providers who process data on our behalf and only on our instructions (processors under Art. 9 nDSG and Art. 28 GDPR), in particular for:',
  'site.privacy.recipients.li1': 'hosting and database operation in data centres in Switzerland;',
  'site.privacy.recipients.li2':
    'e-mail delivery of order confirmations, cart links, webinar invitations and newsletters;',
  'site.privacy.recipients.li3': 'accounting and invoicing, together with our fiduciary and tax advisers;',
  'site.privacy.recipients.li4': 'IT support and maintenance.',
  'site.privacy.recipients.p2':
    'We also disclose data to banks to process payments, and to authorities and courts where the law requires it or where it is needed to enforce our rights.',

  'site.privacy.abroad.heading': 'Disclosure abroad',
  'site.privacy.abroad.p1':
    'We store and process your data in Switzerland. If a service provider processes personal data in another country, we allow this only if that country provides adequate data protection according to the Swiss Federal Council (Annex 1 DSV) and the European Commission, such as the member states of the EU and the EEA, or if we have agreed with the provider on the standard contractual clauses of the European Commission, as recognised by the Swiss Federal Data Protection and Information Commissioner (FDPIC), with additional safeguards where needed.',

  'site.privacy.retention.heading': 'How long we keep data',
  'site.privacy.retention.p1':
    'We keep personal data only as long as the purpose requires or the law obliges us to. In particular:',
  'site.privacy.retention.li1': 'server log files: 14 days;',
  'site.privacy.retention.li2':
    'carts that are not ordered: marked as abandoned after 90 days without activity and deleted 90 days later;',
  'site.privacy.retention.li3':
    'orders, invoices and payments: 10 years after the end of the financial year, as required by Swiss commercial and tax law (Art. 958f of the Swiss Code of Obligations);',
  'site.privacy.retention.li4':
    'contact messages: 2 years after the matter has been settled; messages about an order are kept with the order;',
  'site.privacy.retention.li5':
    'newsletter data: until you unsubscribe, then deleted within 30 days; the record of your consent and its withdrawal is kept for 3 years as proof;',
  'site.privacy.retention.li6':
    'webinar sign-ups and download requests: 12 months after the webinar or the download.',
  'site.privacy.retention.p2': 'Afterwards we delete the data or make it anonymous.',

  'site.privacy.security.heading': 'Data security',
  'site.privacy.security.p1':
    'We protect your data with appropriate technical and organisational measures, among them encrypted connections (HTTPS), access on a need-to-know basis, hashed passwords, protection against cross-site request forgery, regular updates and backups. Data sent over the internet can never be completely secure.',

  'site.privacy.rights.heading': 'Your rights',
  'site.privacy.rights.p1': 'Within the limits of the applicable law, you have the right to:',
  'site.privacy.rights.li1':
    'obtain information on whether and which personal data we process about you (Art. 25 nDSG, Art. 15 GDPR);',
  'site.privacy.rights.li2': 'have incorrect data corrected (Art. 32 nDSG, Art. 16 GDPR);',
  'site.privacy.rights.li3':
    'have your data deleted or its processing restricted (Art. 32 nDSG, Art. 17 and 18 GDPR);',
  'site.privacy.rights.li4':
    'receive the data you gave us in a common electronic format, or have it transferred to another controller (Art. 28 nDSG, Art. 20 GDPR);',
  'site.privacy.rights.li5':
    'object to processing based on legitimate interests (Art. 30 nDSG, Art. 21 GDPR), and withdraw your consent at any time with effect for the future;',
  'site.privacy.rights.li6': 'lodge a complaint with a data protection supervisory authority.',
  'site.privacy.rights.p2':
    'To exercise your rights, contact us at the address given under "Controller and contact". We may ask you to prove your identity. We answer within 30 days and, as a rule, free of charge.',
  'site.privacy.rights.p3':
    'In Switzerland, the supervisory authority is the Federal Data Protection and Information Commissioner (FDPIC), Feldeggweg 1, 3003 Bern, www.edoeb.admin.ch. In the EU and the EEA you can turn to the supervisory authority of the country where you live or work or where the alleged infringement took place.',

  'site.privacy.automated.heading': 'No automated individual decisions',
  'site.privacy.automated.p1':
    'We make no decisions based solely on automated processing that have legal effects for you or significantly affect you in a similar way (Art. 21 nDSG, Art. 22 GDPR). When our role questionnaire suggests a training level from your answers, this is only a recommendation.',

  'site.privacy.changes.heading': 'Changes to this privacy policy',
  'site.privacy.changes.p1':
    'We may update this privacy policy when our services or the law change. The version published on this website applies; the date at the top shows when it was last changed.',
  'site.terms.title': 'General terms and conditions',
  'site.terms.description': 'The terms for orders of cybersecurity trainings from CyberSafe Academy AG: seats, prices, VAT, payment, term and termination.',
  'site.terms.heading': 'General terms and conditions',
  'site.terms.updated': 'Version of 21 November 2026',
  'site.terms.scope.heading': 'Scope',
  'site.terms.scope.text':
    'These terms apply to every order placed with {companyName}, {companyStreet}, {companyCity} ("we") through this website by companies and other organisations ("customer"). We sell to businesses only. Terms of the customer apply only if we accept them in writing.',
  'site.terms.contract.heading': 'Conclusion of the contract',
  'site.terms.contract.text':
    'The trainings and prices on this website are an invitation to order. By confirming the order with "Place order and pay", the customer makes a binding offer; the contract is concluded when we confirm the order by e-mail. The order confirmation with the invoice is sent to the e-mail address given at checkout.',
  'site.terms.licences.heading': 'Seats and licences',
  'site.terms.licences.text':
    'A seat entitles one named person of the customer to use the ordered training. Seats may be reassigned when a person leaves the customer, but not shared at the same time. Course materials may be used within the customer\'s organisation only.',
  'site.terms.prices.heading': 'Prices and terms',
  'site.terms.prices.text':
    'Prices are net prices per seat in the currency of the order, plus VAT where it applies: 8.1 % Swiss VAT for invoice addresses in Switzerland and Liechtenstein; invoices to companies in the EU are issued without VAT under the reverse-charge procedure, which requires the customer\'s VAT number. One-time trainings are paid once. Monthly trainings run for the minimum term chosen (12, 24 or 36 months; 12 months unless chosen otherwise) and are invoiced month by month in advance, the first month with the order; after the minimum term they continue month by month unless terminated.',
  'site.terms.payment.heading': 'Payment',
  'site.terms.payment.text':
    'Invoices are payable within 30 days of the invoice date without deduction, by bank transfer or, for CHF and EUR, with the QR-bill attached to the invoice. If payment is late we may suspend access after a reminder.',
  'site.terms.delivery.heading': 'Provision of the trainings',
  'site.terms.delivery.text':
    'We set up the seats within five working days after the order and send the access data to the contact person. Dates of live sessions and webinars are agreed separately.',
  'site.terms.termination.heading': 'Term and termination',
  'site.terms.termination.text':
    'Monthly trainings may be terminated with one month\'s notice to the end of the minimum term or of any later month. Either party may terminate for good cause at any time. Amounts paid for a term already started are not refunded unless we are responsible for the termination.',
  'site.terms.warranty.heading': 'Warranty and liability',
  'site.terms.warranty.text':
    'We provide the trainings with due care. We are liable for damage caused intentionally or by gross negligence; liability for slight negligence, indirect and consequential damage is excluded as far as the law permits.',
  'site.terms.privacy.heading': 'Data protection',
  'site.terms.privacy.text':
    'We process personal data in accordance with the Swiss Federal Act on Data Protection and, where applicable, the EU GDPR, as described in our privacy policy.',
  'site.terms.law.heading': 'Applicable law and jurisdiction',
  'site.terms.law.text':
    'These terms and all contracts under them are governed by Swiss law, excluding the UN Convention on Contracts for the International Sale of Goods. The place of jurisdiction is Zurich, Switzerland.',

  // The home page's section with the guide
  'downloadables.home.kicker': 'Free guide',
  'downloadables.home.heading': 'The cybersecurity education guide',
  'downloadables.home.text':
    'Phishing, passwords and multi-factor authentication, updates, backups and reporting incidents: the habits that stop most attacks, explained for every employee – with a checklist for your company.',
  'downloadables.home.note': 'Free PDF, sent to you by e-mail.',
  'downloadables.home.button': 'Get the free guide',
} as const;
