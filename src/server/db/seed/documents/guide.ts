import { company } from '#shared/company.ts';
import type { Language } from '#shared/locales.ts';
import type { DocumentContent } from './document.ts';

/**
 * The free cybersecurity education guide (code `guide`): security awareness for
 * businesses, in both languages. Swiss German writes "ss", never "ß".
 */
export const guideDocuments: Record<Language, DocumentContent> = {
  'en-US': {
    language: 'en-US',
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

  'de-CH': {
    language: 'de-CH',
    kicker: 'Kostenloser Leitfaden',
    title: 'Der Leitfaden zur Cybersecurity-Ausbildung',
    subtitle: 'Security Awareness für Unternehmen: die Gewohnheiten, die die meisten Angriffe stoppen – und wie sie im Alltag bleiben.',
    edition: 'Ausgabe 2027 · Für Geschäftsleitung, IT-Verantwortliche und alle Mitarbeitenden',
    summary:
      'Die meisten erfolgreichen Angriffe auf Unternehmen durchbrechen keine Firewall: Sie werden hereingelassen – durch einen Klick, ein wiederverwendetes Passwort oder ein verpasstes Update. Dieser Leitfaden erklärt die fünf Gewohnheiten, die die meisten Vorfälle verhindern – Phishing erkennen, sicher anmelden, rechtzeitig aktualisieren, zuverlässig sichern und rasch melden – und zeigt, wie ein Awareness-Programm gelingt, das die Mitarbeitenden wirklich leben. Am Schluss steht eine Checkliste, mit der Sie morgen beginnen können.',
    pageLabel: 'Seite {page} von {pages}',
    titlePage: true,
    blocks: [
      { kind: 'heading', text: '1. Warum Menschen die erste Verteidigungslinie sind' },
      {
        kind: 'paragraph',
        text: 'Angreifer wählen den Weg des geringsten Aufwands. In einen gut konfigurierten Server einzudringen, dauert Wochen; eine überzeugende E-Mail an die Buchhaltung ist an einem Nachmittag geschrieben. Deshalb beginnen die meisten Vorfälle in KMU bei einem Menschen: Jemand öffnet einen Anhang, tippt sein Passwort in eine gefälschte Anmeldeseite oder gibt eine Zahlung frei, die ein «Lieferant» per E-Mail verlangt hat.',
      },
      {
        kind: 'paragraph',
        text: 'Die gute Nachricht: Dieselben Menschen können diese Angriffe stoppen. Mitarbeitende, die die Warnzeichen kennen, Auffälliges einfach melden können und dafür Dank erhalten, fangen die meisten Angriffe ab, bevor Schaden entsteht. Technik hilft – Spamfilter, Zwei-Faktor-Anmeldung, automatische Updates –, aber sie wirkt am besten zusammen mit Menschen, die verstehen, wozu sie da ist.',
      },
      {
        kind: 'callout',
        title: 'So nutzen Sie diesen Leitfaden',
        text: 'Jedes Kapitel behandelt eine Gewohnheit: worin das Risiko besteht, was alle Mitarbeitenden tun sollten und was das Unternehmen bereitstellen sollte. Führungskräfte können die Kapitel als Gerüst für kurze Schulungen verwenden; die Checkliste am Schluss zeigt, wo Ihr Unternehmen heute steht.',
      },

      { kind: 'heading', text: '2. Phishing erkennen' },
      {
        kind: 'paragraph',
        text: 'Phishing-Nachrichten wollen, dass Sie handeln, bevor Sie nachdenken. Sie kommen per E-Mail, SMS, Chat oder Telefon und geben sich als Personen und Dienste aus, denen Sie vertrauen: Ihre Bank, ein Paketdienst, Microsoft 365, Ihre eigene Geschäftsleitung. Ihr Ziel ist ein Passwort, eine Schadsoftware auf Ihrem Gerät oder eine Zahlung.',
      },
      { kind: 'subheading', text: 'Die Warnzeichen' },
      {
        kind: 'bullets',
        items: [
          'Druck und Eile: «Ihr Konto wird heute gesperrt», «Bezahlen Sie diese Rechnung bis Mittag».',
          'Eine ungewöhnliche Bitte: ein neues Bankkonto eines bekannten Lieferanten, Geschenkkarten für den CEO, ein Passwort «für eine kurze Prüfung».',
          'Eine Absenderadresse oder ein Link, die nicht ganz stimmen: micros0ft-support.com, ein Firmenname mit einer fremden Domain dahinter.',
          'Ein unerwarteter Anhang, besonders ein Archiv, ein Office-Dokument, das Sie auffordert, «Inhalte zu aktivieren», oder eine HTML-Datei.',
          'Eine Anmeldeseite, die Sie über einen Link in einer Nachricht erreicht haben statt über Ihre Lesezeichen.',
        ],
      },
      { kind: 'subheading', text: 'Was zu tun ist' },
      {
        kind: 'bullets',
        items: [
          'Innehalten. Eine echte Anfrage übersteht eine Prüfung von fünf Minuten.',
          'Vor dem Klicken mit der Maus über den Link fahren und die echte Adresse ansehen; im Zweifel den Dienst über das eigene Lesezeichen öffnen.',
          'Ungewöhnliche Anfragen über einen zweiten Kanal prüfen: die Person unter einer Nummer anrufen, die Sie schon kennen – nicht unter jener in der Nachricht.',
          'Die Nachricht mit dem Melde-Button oder an Ihre IT-Ansprechperson melden und danach löschen. Ein Fehlalarm ist nie ein Fehler.',
        ],
      },
      {
        kind: 'callout',
        title: 'Schon geklickt? Sagen Sie es sofort.',
        text: 'Wenn Sie ein Passwort eingegeben oder einen Anhang geöffnet haben, informieren Sie sofort die IT. Die ersten Minuten zählen: Ein Passwort lässt sich ändern und ein Gerät isolieren, bevor ein Angreifer sie nutzt. Niemand wird für eine frühe Meldung getadelt – nur Schweigen macht einen Vorfall schlimmer.',
      },

      { kind: 'heading', text: '3. Passwörter und Zwei-Faktor-Anmeldung' },
      {
        kind: 'paragraph',
        text: 'Gestohlene und wiederverwendete Passwörter sind der häufigste Weg in Firmenkonten. Wird eine Website gehackt, probieren Angreifer dieselbe E-Mail-Adresse mit demselben Passwort innert Stunden überall sonst aus. Ein Passwort, das nur einmal verwendet wird, und ein zweiter Faktor bei jedem wichtigen Konto stoppen diesen Angriff fast vollständig.',
      },
      {
        kind: 'bullets',
        items: [
          'Verwenden Sie einen Passwort-Manager: Er erzeugt für jedes Konto ein langes, einmaliges Passwort und füllt es nur auf der richtigen Website aus.',
          'Für die wenigen Passwörter, die Sie sich merken müssen (Computer, Passwort-Manager), eignet sich eine Passphrase aus vier oder mehr zufälligen Wörtern.',
          'Schalten Sie die Zwei-Faktor-Anmeldung (MFA) ein: für E-Mail, Fernzugriff, E-Banking, Cloud-Speicher und jedes Administratorkonto.',
          'Bevorzugen Sie eine Authenticator-App oder einen Sicherheitsschlüssel statt SMS. Bestätigen Sie nur Anmeldungen, die Sie selbst begonnen haben.',
          'Geben Sie ein Passwort nie weiter, auch nicht der IT: Eine echte IT-Abteilung fragt nie danach.',
        ],
      },
      {
        kind: 'paragraph',
        text: 'Für das Unternehmen: Stellen Sie allen Mitarbeitenden einen Passwort-Manager zur Verfügung, erzwingen Sie MFA zentral, statt sie freiwillig zu lassen, und löschen Sie Konten, sobald jemand austritt. Gemeinsam genutzte Konten sollten die Ausnahme sein, jedes mit einer verantwortlichen Person.',
      },

      { kind: 'heading', text: '4. Updates und sichere Geräte' },
      {
        kind: 'paragraph',
        text: 'Software-Updates schliessen die Sicherheitslücken, nach denen Angreifer täglich das Internet absuchen. Ist eine Schwachstelle bekannt, wird sie oft innert Tagen ausgenutzt. Ein Gerät, das seine Updates wochenlang aufschiebt, ist eine offene Tür – ob Laptop, Smartphone, Router oder Drucker.',
      },
      {
        kind: 'bullets',
        items: [
          'Installieren Sie Updates für Betriebssystem, Browser und Programme zeitnah; starten Sie neu, wenn Sie dazu aufgefordert werden.',
          'Sperren Sie den Bildschirm, wenn Sie den Arbeitsplatz verlassen, und schützen Sie Ihr Smartphone mit PIN oder Fingerabdruck.',
          'Installieren Sie Software nur aus den freigegebenen Quellen des Unternehmens; schliessen Sie keine USB-Sticks unbekannter Herkunft an.',
          'Trennen Sie Beruf und Privates: keine Firmendaten in privaten Cloud-Konten, keine Familiennutzung des Firmenlaptops.',
          'Melden Sie ein verlorenes oder gestohlenes Gerät sofort, damit es aus der Ferne gesperrt und gelöscht werden kann.',
        ],
      },
      {
        kind: 'paragraph',
        text: 'Für das Unternehmen: Führen Sie ein Inventar der Geräte und Programme, schalten Sie automatische Updates wo immer möglich ein, verschlüsseln Sie die Datenträger von Laptops und Smartphones und ersetzen Sie Systeme, die keine Sicherheitsupdates mehr erhalten.',
      },

      { kind: 'heading', text: '5. Backups, die wirklich funktionieren' },
      {
        kind: 'paragraph',
        text: 'Ransomware verschlüsselt Dateien und verlangt Geld für den Schlüssel; Hardware fällt aus; jemand löscht den falschen Ordner. Ein Backup ist die eine Massnahme, die in all diesen Fällen hilft – sofern es aktuell ist, für Angreifer unerreichbar und nachweislich funktioniert.',
      },
      {
        kind: 'bullets',
        items: [
          'Befolgen Sie die 3-2-1-Regel: drei Kopien wichtiger Daten, auf zwei verschiedenen Medien, eine davon ausser Haus oder offline.',
          'Halten Sie mindestens eine Kopie, die sich vom Firmennetz aus weder ändern noch löschen lässt (offline oder unveränderlicher Speicher).',
          'Sichern Sie automatisch und lesen Sie die Berichte: Ein Backup, das einen Monat lang unbemerkt fehlschlug, ist kein Backup.',
          'Testen Sie mindestens zweimal im Jahr eine Wiederherstellung, auch die Zeit, bis ein ganzes System wieder läuft.',
          'Speichern Sie Arbeitsdateien an den Orten, die gesichert werden, nicht nur auf dem Desktop Ihres Laptops.',
        ],
      },
      {
        kind: 'callout',
        title: 'Ein Backup, das nie wiederhergestellt wurde, ist eine Hoffnung, kein Plan.',
        text: 'Halten Sie schriftlich fest, wer was in welcher Reihenfolge wiederherstellt und wie lange es dauern darf. Üben Sie es einmal mit einem einzelnen System: Die erste Wiederherstellung fördert immer ein fehlendes Passwort oder eine veraltete Anleitung zutage.',
      },

      { kind: 'heading', text: '6. Vorfälle melden' },
      {
        kind: 'paragraph',
        text: 'Je früher ein Vorfall gemeldet wird, desto kleiner bleibt er. Unternehmen, die einen Angriff innert Stunden bemerken, erholen sich in Tagen; wer es erst Wochen später merkt, hat oft mit Datenverlust, Ausfällen und Meldepflichten zu kämpfen. Melden muss deshalb einfach, schnell und ohne Schuldzuweisung möglich sein.',
      },
      { kind: 'subheading', text: 'Was Sie melden sollten' },
      {
        kind: 'bullets',
        items: [
          'Verdächtige Nachrichten, Anrufe und Anmeldeanfragen – auch wenn Sie nicht darauf reagiert haben.',
          'Einen Klick auf einen verdächtigen Link, einen geöffneten Anhang oder ein Passwort, das Sie auf einer zweifelhaften Seite eingegeben haben.',
          'Ungewöhnliches Verhalten Ihres Geräts: Pop-ups, neue Programme, Dateien, die sich nicht mehr öffnen lassen, ein sehr langsames System.',
          'Verlorene oder gestohlene Geräte und Dokumente sowie Daten, die an falsche Empfänger gingen.',
        ],
      },
      { kind: 'subheading', text: 'Wie Sie melden' },
      {
        kind: 'paragraph',
        text: 'Alle Mitarbeitenden sollten eine Telefonnummer und eine Adresse für Sicherheitsvorfälle kennen, die auch ausserhalb der Bürozeiten erreichbar sind. Beschreiben Sie, was geschehen ist, wann und was Sie getan haben; schalten Sie das Gerät nicht aus und versuchen Sie nicht, es selbst zu bereinigen, aber trennen Sie es vom Netz, wenn die IT Sie darum bittet. Nach dem Datenschutzgesetz (nDSG) und der DSGVO kann eine Verletzung der Datensicherheit meldepflichtig sein – ein weiterer Grund, früh die richtigen Personen einzubeziehen.',
      },

      { kind: 'heading', text: '7. Ein Awareness-Programm aufbauen' },
      {
        kind: 'paragraph',
        text: 'Eine einzige jährliche Schulung ist nach wenigen Wochen vergessen. Verhalten ändert sich durch kurzes, regelmässiges und praktisches Lernen, das in den Arbeitsalltag passt – und durch eine Kultur, in der Sicherheitsfragen willkommen sind.',
      },
      {
        kind: 'bullets',
        items: [
          'Beginnen Sie am ersten Arbeitstag: Alle neuen Mitarbeitenden lernen die fünf Gewohnheiten dieses Leitfadens und ihre Ansprechperson kennen.',
          'Lernen Sie wenig und oft: Zehn Minuten im Monat wirken besser als ein ganzer Tag im Jahr.',
          'Üben Sie mit realistischen Phishing-Simulationen – gefolgt von einer Erklärung, nicht von einem Tadel.',
          'Geben Sie Führungskräften und IT eine Vorbildrolle: Sie halten sich sichtbar an dieselben Regeln.',
          'Messen Sie den Fortschritt: Melderate, Klickrate in Simulationen, Anteil der Konten mit MFA, Zeit bis zur Installation kritischer Updates.',
          'Würdigen Sie Meldungen: Danken Sie der Person, die Alarm geschlagen hat, auch wenn sich alles als harmlos herausstellte.',
        ],
      },

      { kind: 'heading', text: '8. Checkliste für Ihr Unternehmen' },
      { kind: 'paragraph', text: 'Kreuzen Sie an, was bereits umgesetzt ist. Jedes offene Kästchen ist ein konkreter nächster Schritt.' },
      {
        kind: 'checklist',
        items: [
          'Alle Mitarbeitenden wissen, wie man Phishing erkennt, und haben es in den letzten sechs Monaten geübt.',
          'Es gibt einen einfachen Weg, verdächtige Nachrichten zu melden (ein Melde-Button oder eine Adresse), und Meldungen werden beantwortet.',
          'Alle Mitarbeitenden haben einen Passwort-Manager; Passwörter werden nicht wiederverwendet.',
          'Die Zwei-Faktor-Anmeldung ist für E-Mail, Fernzugriff, Cloud-Dienste und alle Administratorkonten vorgeschrieben.',
          'Betriebssysteme, Browser und Programme werden automatisch aktualisiert; kritische Updates sind innert weniger Tage installiert.',
          'Laptops und Smartphones sind verschlüsselt und lassen sich aus der Ferne sperren und löschen.',
          'Wichtige Daten werden nach der 3-2-1-Regel gesichert, eine Kopie davon offline oder unveränderlich.',
          'Eine Wiederherstellung wurde in den letzten sechs Monaten getestet, und der Wiederherstellungsplan ist schriftlich festgehalten.',
          'Alle kennen die Telefonnummer für Sicherheitsvorfälle, auch ausserhalb der Bürozeiten.',
          'Die Meldepflicht bei Datenschutzverletzungen (nDSG, DSGVO) ist bekannt, und jemand ist dafür verantwortlich.',
          'Neue Mitarbeitende lernen die Sicherheitsregeln am ersten Tag; Austretende verlieren ihre Zugänge am letzten.',
          'Führungskräfte nehmen an den Schulungen teil und sprechen in ihren Teams über Sicherheit.',
        ],
      },
    ],
    closing: `Fragen zu diesem Leitfaden oder zur Schulung Ihres Teams? Schreiben Sie an ${company.email.info} oder rufen Sie an: ${company.phone}. ${company.name}, ${company.address.city}.`,
  },
};
