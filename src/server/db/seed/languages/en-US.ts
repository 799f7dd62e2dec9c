import { company } from '#shared/company.ts';
import type { LanguageContent } from '../language-content.ts';

/**
 * The demo content in en-US, seeded on a first start (content.ts): the newsletter topics'
 * titles, the webinars held in en-US, and the downloadable content with its documents.
 */
export const content: LanguageContent = {
  topicTitles: {
    phishing: 'Phishing and social engineering',
    ransomware: 'Ransomware and incident response',
    'secure-coding': 'Secure software development',
    compliance: 'Compliance: nDSG, GDPR, ISO 27001',
    awareness: 'Security awareness programmes',
  },
  webinars: [
    {
      code: 'phishing-defence',
      title: 'Phishing defence for teams',
      description: 'How today’s phishing campaigns work and the habits that stop them. Live demo and Q&A.',
      startsInDays: 10,
      durationMinutes: 60,
      link: 'https://webinars.cybersafe-academy.example/phishing-defence',
    },
    {
      code: 'secure-coding-basics',
      title: 'Secure coding basics: the OWASP Top 10 in practice',
      description: 'Developers walk through real vulnerabilities and their fixes.',
      startsInDays: 24,
      durationMinutes: 90,
      link: 'https://webinars.cybersafe-academy.example/secure-coding-basics',
    },
  ],
  downloadables: {
    guide: {
      title: 'The cybersecurity education guide',
      description:
        'Security awareness for businesses: how to spot phishing, sign in safely with passwords and multi-factor authentication, keep devices updated, make backups that work and report incidents quickly – with a checklist for your company.',
      fileName: 'cybersecurity-education-guide.pdf',
      document: {
        kicker: 'Free guide',
        title: 'The cybersecurity education guide',
        subtitle: 'Security awareness for businesses: the habits that stop most attacks, and how to make them stick.',
        edition: 'Edition 2027 · For managers, IT leads and every employee',
        summary:
          'Most successful attacks on companies do not break through a firewall: they are let in by a click, a reused password or a missed update. This guide explains the five habits that prevent most incidents – spotting phishing, strong sign-ins, timely updates, reliable backups and quick reporting – and shows how to build an awareness programme that people actually follow. It ends with a checklist you can use tomorrow.',
        pageLabel: 'Page {page} of {pages}',
        titlePage: true,
        blocks: [
          { kind: 'heading', text: '1. Why people are the first line of defence' },
          {
            kind: 'paragraph',
            text: 'Attackers go where the effort is smallest. A well-configured server takes weeks to break into; a convincing e-mail to the accounts team takes an afternoon to write. That is why most incidents in small and medium-sized businesses start with a person: someone opens an attachment, types a password into a fake login page, or approves a payment that a "supplier" asked for by e-mail.',
          },
          {
            kind: 'paragraph',
            text: 'The good news: the same people can stop these attacks. Employees who know the warning signs, who have a simple way to report something odd and who are thanked for doing so catch most attacks before they cause harm. Technology helps – spam filters, multi-factor authentication, automatic updates – but it works best together with people who understand why it is there.',
          },
          {
            kind: 'callout',
            title: 'How to use this guide',
            text: 'Each chapter covers one habit: what the risk is, what every employee should do, and what the company should put in place. Managers can use the chapters as the outline of short training sessions; the checklist at the end helps you see where your company stands today.',
          },

          { kind: 'heading', text: '2. Recognising phishing' },
          {
            kind: 'paragraph',
            text: 'Phishing messages try to make you act before you think. They come by e-mail, text message, chat or phone, and they imitate people and services you trust: your bank, a parcel service, Microsoft 365, your own CEO. Their goal is to get a password, install malware, or trigger a payment.',
          },
          { kind: 'subheading', text: 'The warning signs' },
          {
            kind: 'bullets',
            items: [
              'Pressure and urgency: "Your account will be closed today", "Pay this invoice before noon".',
              'An unusual request: a new bank account for a known supplier, gift cards for the CEO, a password "for a quick check".',
              'A sender address or link that does not quite match: micros0ft-support.com, a company name followed by a foreign domain.',
              'An unexpected attachment, especially an archive, an Office document that asks you to "enable content", or an HTML file.',
              'A login page reached from a link in a message rather than from your bookmarks.',
            ],
          },
          { kind: 'subheading', text: 'What to do' },
          {
            kind: 'bullets',
            items: [
              'Pause. A genuine request survives a five-minute check.',
              'Hover over links before clicking and look at the real address; when in doubt, open the service through your bookmark instead.',
              'Verify unusual requests through a second channel: call the person on a number you already know, not the one in the message.',
              'Report the message with the report button or to your IT contact, then delete it. Reporting a false alarm is never a mistake.',
            ],
          },
          {
            kind: 'callout',
            title: 'Clicked already? Say so at once.',
            text: 'If you entered a password or opened an attachment, tell IT immediately. The first minutes matter: a password can be changed and a device isolated before an attacker uses them. Nobody is blamed for reporting early – only silence makes an incident worse.',
          },

          { kind: 'heading', text: '3. Passwords and multi-factor authentication' },
          {
            kind: 'paragraph',
            text: 'Stolen and reused passwords are the most common way into company accounts. When one website is breached, attackers try the same e-mail address and password everywhere else within hours. A password that is used only once, and a second factor on every important account, stop this attack almost entirely.',
          },
          {
            kind: 'bullets',
            items: [
              'Use a password manager: it creates a long, unique password for every account and fills it in only on the right website.',
              'For the few passwords you must remember (your computer, the password manager), use a passphrase of four or more unrelated words.',
              'Turn on multi-factor authentication (MFA) for e-mail, remote access, banking, cloud storage and every administrator account.',
              'Prefer an authenticator app or a security key over text messages. Approve only sign-in requests that you started yourself.',
              'Never share a password, not even with IT: a genuine IT department never asks for it.',
            ],
          },
          {
            kind: 'paragraph',
            text: 'For the company: provide a password manager to every employee, enforce MFA centrally rather than leaving it optional, and remove accounts as soon as someone leaves. Shared accounts should be the exception, each with an owner.',
          },

          { kind: 'heading', text: '4. Updates and secure devices' },
          {
            kind: 'paragraph',
            text: 'Software updates close the security holes that attackers scan the internet for every day. Once a vulnerability is public, it is often exploited within days. A device that postpones its updates for weeks is an open door, whether it is a laptop, a phone, a router or a printer.',
          },
          {
            kind: 'bullets',
            items: [
              'Install updates for the operating system, the browser and your applications promptly; restart when asked.',
              'Lock your screen when you leave your desk, and use a PIN or fingerprint on your phone.',
              'Install software only from the company\'s approved sources; do not plug in USB sticks of unknown origin.',
              'Keep work and private use apart: no company data on private cloud accounts, no family use of the company laptop.',
              'Report a lost or stolen device at once, so that it can be locked and wiped remotely.',
            ],
          },
          {
            kind: 'paragraph',
            text: 'For the company: keep an inventory of devices and software, turn on automatic updates wherever possible, encrypt the disks of laptops and phones, and replace systems that no longer receive security updates.',
          },

          { kind: 'heading', text: '5. Backups that really work' },
          {
            kind: 'paragraph',
            text: 'Ransomware encrypts files and demands payment for the key; hardware fails; people delete the wrong folder. A backup is the one measure that helps in every one of these cases – provided that it is current, out of the attacker\'s reach, and known to work.',
          },
          {
            kind: 'bullets',
            items: [
              'Follow the 3-2-1 rule: three copies of important data, on two different media, one of them offsite or offline.',
              'Keep at least one copy that cannot be changed or deleted from the company network (offline or immutable storage).',
              'Back up automatically and check the reports: a backup that silently failed for a month is no backup.',
              'Test a restore at least twice a year, including the time it takes to get a whole system running again.',
              'Save work files in the locations that are backed up, not only on the desktop of your laptop.',
            ],
          },
          {
            kind: 'callout',
            title: 'A backup you have never restored is a hope, not a plan.',
            text: 'Write down who restores what, in which order and how long it may take. Practise it once with a single system: the first restore always reveals a missing password or an outdated instruction.',
          },

          { kind: 'heading', text: '6. Reporting incidents' },
          {
            kind: 'paragraph',
            text: 'The earlier an incident is reported, the smaller it stays. Companies that detect an attack within hours recover in days; those that find out weeks later often face data loss, downtime and notification duties. Reporting must therefore be easy, fast and free of blame.',
          },
          { kind: 'subheading', text: 'What to report' },
          {
            kind: 'bullets',
            items: [
              'Suspicious messages, calls and sign-in requests, also when you did not react to them.',
              'A click on a suspicious link, an opened attachment, or a password entered on a doubtful page.',
              'Unusual behaviour of your device: pop-ups, new programs, files that can no longer be opened, a very slow system.',
              'Lost or stolen devices and documents, and data sent to the wrong recipient.',
            ],
          },
          { kind: 'subheading', text: 'How to report' },
          {
            kind: 'paragraph',
            text: 'Every employee should know one phone number and one address for security incidents, reachable also outside office hours. Describe what happened, when, and what you did; do not switch the device off and do not try to clean it yourself, but disconnect it from the network if IT asks you to. Under the Swiss Data Protection Act (nDSG) and the GDPR, a breach of personal data may have to be reported to the authority – another reason to involve the right people early.',
          },

          { kind: 'heading', text: '7. Building an awareness programme' },
          {
            kind: 'paragraph',
            text: 'A single annual training session is forgotten within weeks. What changes behaviour is short, regular and practical learning that fits into the working day, and a culture in which security questions are welcome.',
          },
          {
            kind: 'bullets',
            items: [
              'Start on the first day: every new employee learns the five habits of this guide and whom to contact.',
              'Train little and often: ten minutes a month beats a full day a year.',
              'Practise with realistic phishing simulations, followed by an explanation rather than a reprimand.',
              'Give managers and IT a role model function: they follow the same rules, visibly.',
              'Measure progress: reporting rate, click rate in simulations, share of accounts with MFA, time to install critical updates.',
              'Celebrate reports: thank the person who raised the alarm, also when it turned out to be harmless.',
            ],
          },

          { kind: 'heading', text: '8. Checklist for your company' },
          { kind: 'paragraph', text: 'Tick what is already in place. Every open box is a concrete next step.' },
          {
            kind: 'checklist',
            items: [
              'Every employee knows how to recognise phishing and has practised it in the last six months.',
              'There is one easy way to report suspicious messages (a report button or one address), and reports are answered.',
              'Every employee has a password manager; passwords are not reused.',
              'Multi-factor authentication is enforced for e-mail, remote access, cloud services and all administrator accounts.',
              'Operating systems, browsers and applications are updated automatically; critical updates are installed within a few days.',
              'Laptops and phones are encrypted and can be locked and wiped remotely.',
              'Important data is backed up following the 3-2-1 rule, with one copy offline or immutable.',
              'A restore has been tested in the last six months, and the restore plan is written down.',
              'Everyone knows the phone number for security incidents, also outside office hours.',
              'The duty to report data breaches (nDSG, GDPR) is known, and somebody is responsible for it.',
              'New employees learn the security rules on their first day; leavers lose their access on their last.',
              'Managers take part in the training and talk about security in their teams.',
            ],
          },
        ],
        closing: `Questions about this guide, or about training your team? Write to ${company.email.info} or call ${company.phone}. ${company.name}, ${company.address.city}.`,
      },
    },
    'phishing-checklist': {
      title: 'The phishing checklist',
      description: 'One page to keep beside the screen: seven questions to ask before you click, and what to do when a message feels wrong.',
      fileName: 'phishing-checklist.pdf',
      document: {
        kicker: 'Checklist',
        title: 'The phishing checklist',
        subtitle: 'Seven questions before you click, and what to do when something feels wrong.',
        edition: 'Edition 2027',
        summary: 'Print this page and keep it beside your screen. If you answer "yes" to any of the questions below, do not click, do not reply and do not pay: check first.',
        pageLabel: 'Page {page} of {pages}',
        titlePage: false,
        blocks: [
          { kind: 'heading', text: 'Before you click' },
          {
            kind: 'checklist',
            items: [
              'Does the message push me to act quickly, or threaten consequences?',
              'Does it ask for a password, a code, a payment or a change of bank details?',
              'Is the sender address, or the address behind the link, slightly different from the usual one?',
              'Did I expect this attachment? Is it an archive, a macro document or an HTML file?',
              'Does the greeting, the tone or the signature differ from how this person usually writes?',
              'Does a login page open from a link instead of from my bookmark?',
              'Is it a sign-in request on my phone that I did not start myself?',
            ],
          },
          { kind: 'heading', text: 'When something feels wrong' },
          {
            kind: 'bullets',
            items: [
              'Verify through a second channel: call the sender on a number you already know.',
              'Report the message with the report button or to IT, then delete it.',
              'Clicked or typed a password? Tell IT at once and change the password. Early reports are always welcome.',
            ],
          },
          {
            kind: 'callout',
            title: 'Nobody is blamed for asking.',
            text: 'A false alarm costs a minute. A missed attack can cost weeks. When in doubt, ask.',
          },
        ],
        closing: `${company.name} · ${company.website.replace(/^https:\/\//, '')} · ${company.email.info}`,
      },
    },
  },
};
