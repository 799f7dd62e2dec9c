import type { site as reference } from '../en-US/site.ts';

/** Die Marketing-Website (src/site) und ihre Widgets (src/client/islands). Schweizer Schreibweise: "ss", nie "ß". */
export const site = {
  // Layout
  'site.meta.title': '{page} | {site}',

  // Preise
  'site.price.from': 'ab',
  'site.price.perSeatMonth': 'pro Platz und Monat',
  'site.price.perSeatOnce': 'pro Platz, einmalig',

  // Startseite
  'site.home.title': 'CyberSafe Academy – Cybersecurity-Trainings für Unternehmen',
  'site.home.description': 'Sicherheitsbewusstsein und praxisnahe Cybersecurity-Trainings für jede Rolle in Ihrem Unternehmen, pro Platz, monatlich oder einmalig. Von der CyberSafe Academy, Zürich.',
  'site.home.heading': 'Cybersecurity-Training für jeden Arbeitsplatz in Ihrem Unternehmen',
  'site.home.lead':
    'Vom Empfang bis zum CISO: praxisnahe Kurse, die Ihre Mitarbeitenden zur stärksten Verteidigungslinie machen. Schweizer Qualität, auf Deutsch und Englisch.',
  'site.home.cta': 'Trainings vergleichen',
  'site.home.ctaContact': 'Mit einer Expertin sprechen',
  'site.home.tiers.heading': 'Drei Stufen, eine Plattform',
  'site.home.tiers.text':
    'Alle Mitarbeitenden brauchen die Grundlagen, Ihr IT-Team und Ihre Sicherheitsverantwortlichen mehr. Kombinieren Sie die Stufen so, wie Ihr Team es braucht.',
  'site.home.tiers.link': '{title} entdecken',
  'site.home.why.heading': 'Warum Teams uns wählen',
  'site.home.why.practical.title': 'Praxis statt Theorie',
  'site.home.why.practical.text':
    'Kurze Lektionen rund um echte Angriffe: Phishing-Mails, gefälschte Rechnungen, gestohlene Passwörter. Jedes Modul endet mit einer Übung.',
  'site.home.why.privacy.title': 'Schweizer Datenschutz',
  'site.home.why.privacy.text':
    'Wir hosten in der Schweiz und halten uns an das Schweizer Datenschutzgesetz und die DSGVO der EU. Wir verkaufen Ihre Daten nie.',
  'site.home.why.flexible.title': 'Bezahlen, wie Sie planen',
  'site.home.why.flexible.text':
    'Buchen Sie ein monatliches Abonnement pro Platz oder bezahlen Sie einmalig. Weitere Plätze fügen Sie hinzu, sobald Ihr Team wächst.',
  'site.home.contact.heading': 'Nicht sicher, welche Stufe passt?',
  'site.home.contact.text':
    'Erzählen Sie uns von Ihrem Team, und unsere Ausbildungsfachleute empfehlen Ihnen innerhalb eines Arbeitstags einen Trainingsplan.',
  'site.home.contact.cta': 'Kontakt aufnehmen',

  // Trainings
  'site.trainings.title': 'Trainings und Preise',
  'site.trainings.description':
    'Vergleichen Sie die Cybersecurity-Trainings Basic, Foundation und Champion: Inhalte und Preise pro Platz in EUR, USD und CHF, monatlich oder einmalig.',
  'site.trainings.heading': 'Trainings und Preise',
  'site.trainings.lead':
    'Wählen Sie für jede Rolle die passende Stufe. Die Preise gelten pro Platz; buchen Sie monatlich oder bezahlen Sie einmalig.',
  'site.trainings.frequency.legend': 'Zahlung',
  'site.trainings.frequency.monthly': 'Monatlich',
  'site.trainings.frequency.oneTime': 'Einmalig',
  'site.trainings.tiers.legend': 'Trainingsstufe',
  'site.trainings.tier.basic': 'Basic',
  'site.trainings.tier.foundation': 'Foundation',
  'site.trainings.tier.champion': 'Champion',
  'site.trainings.note.monthly':
    'Mindestlaufzeit 12, 24 oder 36 Monate, im Warenkorb gewählt; Abrechnung Monat für Monat.',
  'site.trainings.note.oneTime': 'Eine einmalige Zahlung pro Platz.',
  'site.trainings.addToCart': 'In den Warenkorb',
  'site.trainings.features': 'Das ist enthalten',
  'site.trainings.vatNote':
    'Alle Preise sind Nettopreise. Kundinnen und Kunden in der Schweiz und in Liechtenstein bezahlen 8,1 % MWST; für Geschäftskunden in der EU gilt das Reverse-Charge-Verfahren.',
  'site.trainings.help.heading': 'Fragen zur richtigen Stufe?',
  'site.trainings.help.text':
    'Unsere Ausbildungsfachleute helfen Ihnen, die richtige Kombination von Trainings für Ihr Team zu finden, und machen Ihnen für grössere Teams ein Angebot.',
  'site.trainings.help.cta': 'Kontakt aufnehmen',

  // Seite nicht gefunden
  'site.notFound.trainings': 'Zu unseren Trainings',

  // Impressum
  'site.imprint.title': 'Impressum',
  'site.imprint.description':
    'Rechtliche Angaben zur CyberSafe Academy AG, Zürich: Adresse, Kontakt, Handelsregister, UID und MWST-Nummer.',
  'site.imprint.heading': 'Impressum',
  'site.imprint.company.heading': 'Unternehmen',
  'site.imprint.contact.heading': 'Kontakt',
  'site.imprint.contact.phone': 'Telefon',
  'site.imprint.contact.email': 'E-Mail',
  'site.imprint.management.heading': 'Vertretungsberechtigte Personen',
  'site.imprint.management.text':
    'Laura Meier, Geschäftsführerin (CEO); Daniel Huber, Präsident des Verwaltungsrats',
  'site.imprint.register.heading': 'Handelsregister',
  'site.imprint.register.entry': 'Registereintrag',
  'site.imprint.register.entryValue': 'Handelsregister des Kantons Zürich',
  'site.imprint.register.uid': 'Unternehmens-Identifikationsnummer (UID)',
  'site.imprint.register.vat': 'MWST-Nummer',
  'site.imprint.responsible.heading': 'Verantwortlich für den Inhalt',
  'site.imprint.responsible.text': 'Laura Meier, {companyName}, {companyStreet}, {companyCity}, Schweiz',
  'site.imprint.disclaimer.heading': 'Haftungsausschluss',
  'site.imprint.disclaimer.text':
    'Wir prüfen die Inhalte dieser Website sorgfältig, können aber nicht garantieren, dass sie richtig, vollständig und aktuell sind. Soweit gesetzlich zulässig, haften wir nicht für Schäden materieller oder immaterieller Art, die aus dem Zugriff auf die veröffentlichten Informationen, ihrer Nutzung oder Nichtnutzung, durch Missbrauch der Verbindung oder durch technische Störungen entstehen.',
  'site.imprint.links.heading': 'Links auf andere Websites',
  'site.imprint.links.text':
    'Verweise auf Websites Dritter liegen ausserhalb unseres Verantwortungsbereichs. Wir lehnen jede Verantwortung für solche Websites ab; der Zugriff und die Nutzung erfolgen auf eigene Gefahr.',
  'site.imprint.copyright.heading': 'Urheberrechte',
  'site.imprint.copyright.text':
    'Die Texte, Grafiken und übrigen Inhalte dieser Website gehören der CyberSafe Academy AG oder den genannten Rechteinhabern. Jede Vervielfältigung bedarf unserer vorherigen schriftlichen Zustimmung.',
  'site.imprint.privacy.heading': 'Datenschutz',
  'site.imprint.privacy.text': 'Wie wir Personendaten bearbeiten, erklären wir in unserer Datenschutzerklärung.',
  'site.imprint.privacy.link': 'Datenschutzerklärung lesen',

  // Datenschutzerklärung
  'site.privacy.title': 'Datenschutzerklärung',
  'site.privacy.description': 'Wie die CyberSafe Academy AG Personendaten nach dem Schweizer Datenschutzgesetz (nDSG) und der DSGVO bearbeitet: Daten, Zwecke, Cookies, Empfänger und Ihre Rechte.',
  'site.privacy.heading': 'Datenschutzerklärung',
  'site.privacy.updated': 'Stand: 21. November 2026',
  'site.privacy.intro':
    'Diese Datenschutzerklärung erklärt, welche Personendaten die CyberSafe Academy AG erhebt, wenn Sie unsere Website besuchen, Trainings kaufen, sich für Webinare oder unseren Newsletter anmelden, Inhalte herunterladen oder mit uns Kontakt aufnehmen, wofür wir sie verwenden, wem wir sie bekanntgeben und welche Rechte Sie haben. Wir bearbeiten Personendaten gemäss dem Bundesgesetz über den Datenschutz (nDSG) und der Datenschutzverordnung (DSV) und, soweit sie auf Sie anwendbar ist, der Datenschutz-Grundverordnung der EU (DSGVO).',
  'site.privacy.toc': 'Inhalt',

  'site.privacy.controller.heading': 'Verantwortliche Stelle und Kontakt',
  'site.privacy.controller.p1': 'Verantwortlich für die Bearbeitung Ihrer Personendaten ist:',
  'site.privacy.controller.p2':
    'Für alle Fragen zum Datenschutz und um Ihre Rechte auszuüben, schreiben Sie bitte unserer Datenschutz-Kontaktstelle:',
  'site.privacy.controller.p3':
    'Sie können auch unser Kontaktformular mit dem Empfänger «Datenschutzbeauftragte» verwenden oder einen Brief mit dem Vermerk «Datenschutz» an die oben genannte Adresse senden.',
  'site.privacy.controller.p4':
    'Unsere Vertretung in der Europäischen Union nach Art. 27 DSGVO ist die CyberSafe Academy EU GmbH, Friedrichstrasse 68, 10117 Berlin, Deutschland.',

  'site.privacy.data.heading': 'Welche Daten wir bearbeiten und wozu',
  'site.privacy.data.p1':
    'Wir bearbeiten nur die Daten, die wir für die unten beschriebenen Zwecke brauchen. Sie sind nicht verpflichtet, uns Personendaten bekanntzugeben; ohne die als Pflichtfelder bezeichneten Angaben können wir jedoch keine Bestellung ausführen und keine Anfrage beantworten. Ob Sie freiwillige Felder ausfüllen, entscheiden Sie.',
  'site.privacy.data.website.heading': 'Besuch unserer Website',
  'site.privacy.data.website.p1':
    'Wenn Sie eine Seite aufrufen, speichert unser Server die technischen Daten, die Ihr Browser übermittelt: IP-Adresse, Datum und Uhrzeit der Anfrage, die aufgerufene Seite, die zuvor besuchte Seite, den Status der Antwort sowie Art und Version von Browser und Betriebssystem. Wir verwenden diese Daten, um die Website auszuliefern, ihre Sicherheit und Stabilität zu gewährleisten und Angriffe zu erkennen und abzuwehren. Server-Logdateien löschen wir nach 14 Tagen, ausser ein Sicherheitsvorfall erfordert, einzelne Einträge länger aufzubewahren.',
  'site.privacy.data.website.p2':
    'Um in unseren Formularen die Landesvorwahl vorauszuwählen, ermitteln wir Ihr Land aus Ihrer IP-Adresse mit einer Datenbank auf unserem eigenen Server. Das Ergebnis wird nicht gespeichert.',
  'site.privacy.data.orders.heading': 'Warenkorb und Bestellungen',
  'site.privacy.data.orders.p1':
    'Wenn Sie ein Training in den Warenkorb legen, legen wir einen Warenkorb mit den gewählten Produkten, Mengen, der Zahlungsweise, Währung und Sprache an und speichern seine Kennung im Cookie shopping_cart. Wenn Sie bestellen, bearbeiten wir zusätzlich den Firmennamen, Name, E-Mail-Adresse und Telefonnummer der Kontaktperson, die Geschäfts- und die Rechnungsadresse, die MWST-Nummer, wo sie nötig ist, sowie den Bestellverlauf, Rechnungen und Zahlungen.',
  'site.privacy.data.orders.p2':
    'Wir verwenden diese Daten, um Ihre Bestellung auszuführen, die Trainings bereitzustellen, Rechnung zu stellen, Abonnemente und Kündigungen zu verwalten und Ihre Fragen zur Bestellung zu beantworten.',
  'site.privacy.data.savedCart.heading': 'Warenkorb per E-Mail speichern',
  'site.privacy.data.savedCart.p1':
    'Wenn Sie Ihren Warenkorb speichern, speichern wir Ihre E-Mail-Adresse zusammen mit dem Warenkorb und senden Ihnen einen Link, mit dem Sie ihn wiederherstellen können. Die E-Mail-Adresse wird zusammen mit dem Warenkorb gelöscht.',
  'site.privacy.data.contact.heading': 'Kontaktformular',
  'site.privacy.data.contact.p1':
    'Wenn Sie uns eine Nachricht senden, bearbeiten wir Ihren Vor- und Nachnamen, Ihre E-Mail-Adresse, Firma und Telefonnummer, falls Sie diese angeben, den gewählten Empfänger, den Betreff und die Nachricht, um Ihnen zu antworten.',
  'site.privacy.data.newsletter.heading': 'Newsletter',
  'site.privacy.data.newsletter.p1':
    'Wenn Sie unseren Newsletter abonnieren, bearbeiten wir Ihre E-Mail-Adresse und Ihren Vornamen und, falls Sie sie angeben, Nachname, Geschlecht, bevorzugte Sprache, Rolle, Erfahrungsstufe und Themen, die Sie interessieren, zusammen mit Datum und Uhrzeit Ihrer Einwilligung. Wir verwenden diese Daten, um Ihnen den Newsletter zu senden und passende Inhalte auszuwählen.',
  'site.privacy.data.newsletter.p2':
    'Sie können Ihre Einstellungen jederzeit ändern oder den Newsletter über den Link in jeder Ausgabe abbestellen. Der Widerruf der Einwilligung berührt die Rechtmässigkeit der bis dahin erfolgten Bearbeitung nicht.',
  'site.privacy.data.events.heading': 'Webinare und Downloads',
  'site.privacy.data.events.p1':
    'Wenn Sie sich für ein Webinar anmelden oder einen Download anfordern, etwa unseren kostenlosen Leitfaden zur Cybersecurity-Ausbildung, bearbeiten wir Ihren Namen, Ihre E-Mail-Adresse und, falls Sie sie angeben, Firma, Rolle und Telefonnummer, um Ihnen den Zugangslink, das Dokument und Erinnerungen zu senden.',
  'site.privacy.data.captcha.heading': 'Schutz vor automatisiertem Missbrauch',
  'site.privacy.data.captcha.p1':
    'Unsere Formulare sind mit einer Proof-of-Work-Prüfung vor Robotern geschützt: Bevor ein Formular gesendet wird, löst Ihr Browser eine kleine Rechenaufgabe. Die Prüfung läuft auf unseren eigenen Servern, setzt keine Cookies und identifiziert Sie nicht. Eine gelöste Aufgabe speichern wir nur bis zu ihrem Ablauf wenige Minuten später, damit sie nicht zweimal verwendet werden kann.',

  'site.privacy.cookies.heading': 'Cookies und lokaler Speicher',
  'site.privacy.cookies.p1':
    'Wir verwenden nur Cookies, die für den Betrieb der Website nötig sind oder eine von Ihnen getroffene Wahl speichern. Wir verwenden keine Analyse-, Tracking- oder Werbe-Cookies und keine Cookies von Dritten.',
  'site.privacy.cookies.caption': 'Cookies auf dieser Website',
  'site.privacy.cookies.col.name': 'Name',
  'site.privacy.cookies.col.purpose': 'Zweck',
  'site.privacy.cookies.col.lifetime': 'Speicherdauer',
  'site.privacy.cookies.shoppingCart.purpose': 'Kennzeichnet Ihren Warenkorb.',
  'site.privacy.cookies.shoppingCart.lifetime': '90 Tage',
  'site.privacy.cookies.xsrf.purpose': 'Schützt unsere Formulare vor Cross-Site Request Forgery.',
  'site.privacy.cookies.xsrf.lifetime': 'Bis Sie den Browser schliessen',
  'site.privacy.cookies.currency.purpose': 'Speichert die Währung, die Sie für Preise gewählt haben.',
  'site.privacy.cookies.currency.lifetime': '1 Jahr',
  'site.privacy.cookies.locale.purpose': 'Speichert die Sprache, die Sie gewählt haben.',
  'site.privacy.cookies.locale.lifetime': '1 Jahr',
  'site.privacy.cookies.cookiebanner.purpose': 'Speichert Ihre Wahl im Cookie-Hinweis.',
  'site.privacy.cookies.cookiebanner.lifetime': '1 Jahr',
  'site.privacy.cookies.session.purpose':
    'Hält unsere Mitarbeitenden im Backoffice angemeldet; wird nur für unsere Mitarbeitenden gesetzt.',
  'site.privacy.cookies.session.lifetime': '8 Stunden ohne Aktivität, höchstens 7 Tage',
  'site.privacy.cookies.accountSession.purpose': 'Hält Sie in Ihrem Kundenkonto angemeldet, nachdem Sie den Anmeldelink aus unserer E-Mail geöffnet haben.',
  'site.privacy.cookies.accountSession.lifetime': '30 Tage ohne Aktivität, oder bis Sie sich abmelden',
  'site.privacy.cookies.p2':
    'Im lokalen Speicher Ihres Browsers halten wir fest, wann Sie unser Pop-up-Fenster zuletzt geschlossen haben, damit es nicht zu früh wieder erscheint, und wann Sie darüber unseren kostenlosen Leitfaden angefordert haben, damit es ihn nicht noch einmal anbietet. Diese Angaben verlassen Ihr Gerät nicht.',
  'site.privacy.cookies.p3':
    'Sie können Cookies und den lokalen Speicher jederzeit in den Einstellungen Ihres Browsers löschen und Cookies sperren. Ohne die oben genannten Cookies funktionieren der Warenkorb und unsere Formulare nicht.',

  'site.privacy.legal.heading': 'Rechtsgrundlagen',
  'site.privacy.legal.p1':
    'Soweit die DSGVO anwendbar ist, bearbeiten wir Ihre Personendaten auf den folgenden Rechtsgrundlagen:',
  'site.privacy.legal.li1':
    'Erfüllung eines Vertrags mit Ihnen oder vorvertragliche Massnahmen auf Ihre Anfrage (Art. 6 Abs. 1 lit. b DSGVO): Warenkorb, Bestellungen, Rechnungsstellung, Speichern des Warenkorbs, Webinare und Downloads, die Sie anfordern;',
  'site.privacy.legal.li2':
    'Erfüllung rechtlicher Pflichten (Art. 6 Abs. 1 lit. c DSGVO): Aufbewahrung von Buchhaltungs- und Steuerunterlagen;',
  'site.privacy.legal.li3':
    'unsere berechtigten Interessen (Art. 6 Abs. 1 lit. f DSGVO): Betrieb einer sicheren und stabilen Website, Schutz unserer Formulare vor Missbrauch, Beantwortung von Anfragen sowie Geltendmachung oder Abwehr von Rechtsansprüchen;',
  'site.privacy.legal.li4':
    'Ihre Einwilligung (Art. 6 Abs. 1 lit. a DSGVO): Newsletter. Sie können Ihre Einwilligung jederzeit mit Wirkung für die Zukunft widerrufen.',
  'site.privacy.legal.p2':
    'Nach dem nDSG bearbeiten wir Personendaten gemäss den Grundsätzen der Rechtmässigkeit, von Treu und Glauben, der Verhältnismässigkeit, der Zweckbindung und der Transparenz (Art. 6 nDSG). Wo ein Rechtfertigungsgrund nötig ist, liegt er in denselben Gründen: im Vertrag mit Ihnen, im Gesetz, in unseren überwiegenden Interessen oder in Ihrer Einwilligung (Art. 31 nDSG).',

  'site.privacy.recipients.heading': 'Empfänger und Auftragsbearbeiter',
  'site.privacy.recipients.p1':
    'Wir verkaufen keine Personendaten und geben sie nicht für Werbezwecke weiter. Innerhalb der CyberSafe Academy AG haben nur die Mitarbeitenden Zugriff, die die Daten für ihre Aufgaben brauchen. Wir setzen Dienstleister ein, die Daten in unserem Auftrag und nur nach unseren Weisungen bearbeiten (Auftragsbearbeiter nach Art. 9 nDSG und Art. 28 DSGVO), insbesondere für:',
  'site.privacy.recipients.li1': 'Hosting und Datenbankbetrieb in Rechenzentren in der Schweiz;',
  'site.privacy.recipients.li2':
    'den Versand von Bestellbestätigungen, Warenkorb-Links, Webinar-Einladungen und Newslettern per E-Mail;',
  'site.privacy.recipients.li3': 'Buchhaltung und Rechnungsstellung, zusammen mit unserer Treuhand- und Steuerberatung;',
  'site.privacy.recipients.li4': 'IT-Support und Wartung.',
  'site.privacy.recipients.p2':
    'Ausserdem geben wir Daten an Banken zur Abwicklung von Zahlungen weiter sowie an Behörden und Gerichte, wenn das Gesetz es verlangt oder es zur Durchsetzung unserer Rechte nötig ist.',

  'site.privacy.abroad.heading': 'Bekanntgabe ins Ausland',
  'site.privacy.abroad.p1':
    'Wir speichern und bearbeiten Ihre Daten in der Schweiz. Bearbeitet ein Dienstleister Personendaten in einem anderen Land, lassen wir dies nur zu, wenn dieses Land nach Einschätzung des Bundesrats (Anhang 1 DSV) und der Europäischen Kommission einen angemessenen Datenschutz gewährleistet, wie die Mitgliedstaaten der EU und des EWR, oder wenn wir mit dem Dienstleister die Standardvertragsklauseln der Europäischen Kommission vereinbart haben, wie sie der Eidgenössische Datenschutz- und Öffentlichkeitsbeauftragte (EDÖB) anerkennt, nötigenfalls mit zusätzlichen Schutzmassnahmen.',

  'site.privacy.retention.heading': 'Wie lange wir Daten aufbewahren',
  'site.privacy.retention.p1':
    'Wir bewahren Personendaten nur so lange auf, wie es der Zweck erfordert oder das Gesetz uns verpflichtet. Insbesondere:',
  'site.privacy.retention.li1': 'Server-Logdateien: 14 Tage;',
  'site.privacy.retention.li2':
    'nicht bestellte Warenkörbe: nach 90 Tagen ohne Aktivität als aufgegeben markiert und 90 Tage später gelöscht;',
  'site.privacy.retention.li3':
    'Bestellungen, Rechnungen und Zahlungen: 10 Jahre ab Ende des Geschäftsjahrs, wie es das Schweizer Handels- und Steuerrecht verlangt (Art. 958f OR);',
  'site.privacy.retention.li4':
    'Kontaktnachrichten: 2 Jahre, nachdem das Anliegen erledigt ist; Nachrichten zu einer Bestellung werden mit der Bestellung aufbewahrt;',
  'site.privacy.retention.li5':
    'Newsletter-Daten: bis Sie den Newsletter abbestellen, danach Löschung innerhalb von 30 Tagen; den Nachweis Ihrer Einwilligung und ihres Widerrufs bewahren wir 3 Jahre auf;',
  'site.privacy.retention.li6':
    'Webinar-Anmeldungen und Download-Anfragen: 12 Monate nach dem Webinar oder dem Download.',
  'site.privacy.retention.p2': 'Danach löschen oder anonymisieren wir die Daten.',

  'site.privacy.security.heading': 'Datensicherheit',
  'site.privacy.security.p1':
    'Wir schützen Ihre Daten mit angemessenen technischen und organisatorischen Massnahmen, unter anderem verschlüsselten Verbindungen (HTTPS), Zugriff nur für Berechtigte, gehashten Passwörtern, Schutz vor Cross-Site Request Forgery, regelmässigen Updates und Datensicherungen. Daten, die über das Internet übermittelt werden, sind nie vollständig sicher.',

  'site.privacy.rights.heading': 'Ihre Rechte',
  'site.privacy.rights.p1': 'Im Rahmen des anwendbaren Rechts haben Sie das Recht,',
  'site.privacy.rights.li1':
    'Auskunft darüber zu erhalten, ob und welche Personendaten wir über Sie bearbeiten (Art. 25 nDSG, Art. 15 DSGVO);',
  'site.privacy.rights.li2': 'unrichtige Daten berichtigen zu lassen (Art. 32 nDSG, Art. 16 DSGVO);',
  'site.privacy.rights.li3':
    'Ihre Daten löschen oder ihre Bearbeitung einschränken zu lassen (Art. 32 nDSG, Art. 17 und 18 DSGVO);',
  'site.privacy.rights.li4':
    'die Daten, die Sie uns gegeben haben, in einem gängigen elektronischen Format zu erhalten oder einem anderen Verantwortlichen übertragen zu lassen (Art. 28 nDSG, Art. 20 DSGVO);',
  'site.privacy.rights.li5':
    'einer Bearbeitung aufgrund berechtigter Interessen zu widersprechen (Art. 30 nDSG, Art. 21 DSGVO) und Ihre Einwilligung jederzeit mit Wirkung für die Zukunft zu widerrufen;',
  'site.privacy.rights.li6': 'bei einer Datenschutz-Aufsichtsbehörde Beschwerde einzureichen.',
  'site.privacy.rights.p2':
    'Um Ihre Rechte auszuüben, wenden Sie sich an die unter «Verantwortliche Stelle und Kontakt» genannte Adresse. Wir können Sie bitten, Ihre Identität nachzuweisen. Wir antworten innerhalb von 30 Tagen und in der Regel kostenlos.',
  'site.privacy.rights.p3':
    'In der Schweiz ist der Eidgenössische Datenschutz- und Öffentlichkeitsbeauftragte (EDÖB), Feldeggweg 1, 3003 Bern, www.edoeb.admin.ch, die Aufsichtsbehörde. In der EU und im EWR können Sie sich an die Aufsichtsbehörde des Landes wenden, in dem Sie wohnen oder arbeiten oder in dem der mutmassliche Verstoss stattgefunden hat.',

  'site.privacy.automated.heading': 'Keine automatisierten Einzelentscheidungen',
  'site.privacy.automated.p1':
    'Wir treffen keine ausschliesslich automatisierten Entscheidungen, die Ihnen gegenüber rechtliche Wirkung entfalten oder Sie in ähnlicher Weise erheblich beeinträchtigen (Art. 21 nDSG, Art. 22 DSGVO). Wenn unser Rollen-Fragebogen aus Ihren Antworten eine Trainingsstufe vorschlägt, ist das nur eine Empfehlung.',

  'site.privacy.changes.heading': 'Änderungen dieser Datenschutzerklärung',
  'site.privacy.changes.p1':
    'Wir können diese Datenschutzerklärung anpassen, wenn sich unsere Dienstleistungen oder das Recht ändern. Es gilt die auf dieser Website veröffentlichte Fassung; das Datum oben zeigt, wann sie zuletzt geändert wurde.',
  'site.terms.title': 'Allgemeine Geschäftsbedingungen',
  'site.terms.description': 'Die Bedingungen für Bestellungen von Cybersecurity-Trainings bei der CyberSafe Academy AG: Plätze, Preise, MWST, Zahlung, Laufzeit und Kündigung.',
  'site.terms.heading': 'Allgemeine Geschäftsbedingungen',
  'site.terms.updated': 'Fassung vom 21. November 2026',
  'site.terms.scope.heading': 'Geltungsbereich',
  'site.terms.scope.text':
    'Diese Bedingungen gelten für jede Bestellung, die Unternehmen und andere Organisationen («Kunde») über diese Website bei der {companyName}, {companyStreet}, {companyCity} («wir») aufgeben. Wir verkaufen ausschliesslich an Geschäftskunden. Bedingungen des Kunden gelten nur, wenn wir sie schriftlich annehmen.',
  'site.terms.contract.heading': 'Vertragsschluss',
  'site.terms.contract.text':
    'Die Trainings und Preise auf dieser Website sind eine Einladung zur Bestellung. Mit der zahlungspflichtigen Bestellung gibt der Kunde ein verbindliches Angebot ab; der Vertrag kommt zustande, wenn wir die Bestellung per E-Mail bestätigen. Die Bestellbestätigung mit der Rechnung geht an die beim Kauf angegebene E-Mail-Adresse.',
  'site.terms.licences.heading': 'Plätze und Lizenzen',
  'site.terms.licences.text':
    'Ein Platz berechtigt eine namentlich bestimmte Person des Kunden, das bestellte Training zu nutzen. Plätze dürfen neu zugewiesen werden, wenn eine Person den Kunden verlässt, aber nicht gleichzeitig geteilt werden. Kursunterlagen dürfen nur innerhalb der Organisation des Kunden verwendet werden.',
  'site.terms.prices.heading': 'Preise und Laufzeiten',
  'site.terms.prices.text':
    'Die Preise sind Nettopreise pro Platz in der Währung der Bestellung, zuzüglich MWST, wo sie anfällt: 8,1 % Schweizer MWST für Rechnungsadressen in der Schweiz und in Liechtenstein; Rechnungen an Unternehmen in der EU werden im Reverse-Charge-Verfahren ohne MWST ausgestellt, wofür die MWST-Nummer des Kunden nötig ist. Einmalige Trainings werden einmal bezahlt. Monatliche Trainings laufen für die gewählte Mindestlaufzeit (12, 24 oder 36 Monate; 12 Monate, wenn nichts anderes gewählt ist) und werden Monat für Monat im Voraus verrechnet, der erste Monat mit der Bestellung; nach der Mindestlaufzeit laufen sie monatlich weiter, wenn sie nicht gekündigt werden.',
  'site.terms.payment.heading': 'Zahlung',
  'site.terms.payment.text':
    'Rechnungen sind innert 30 Tagen ab Rechnungsdatum ohne Abzug zahlbar, per Überweisung oder, bei CHF und EUR, mit dem QR-Zahlteil der Rechnung. Bei Zahlungsverzug können wir den Zugang nach einer Mahnung sperren.',
  'site.terms.delivery.heading': 'Bereitstellung der Trainings',
  'site.terms.delivery.text':
    'Wir richten die Plätze innert fünf Arbeitstagen nach der Bestellung ein und senden die Zugangsdaten an die Kontaktperson. Termine von Live-Sitzungen und Webinaren werden separat vereinbart.',
  'site.terms.termination.heading': 'Laufzeit und Kündigung',
  'site.terms.termination.text':
    'Monatliche Trainings können mit einer Frist von einem Monat auf das Ende der Mindestlaufzeit oder eines späteren Monats gekündigt werden. Aus wichtigem Grund können beide Parteien jederzeit kündigen. Für eine bereits begonnene Laufzeit bezahlte Beträge werden nicht zurückerstattet, ausser wir haben die Kündigung zu vertreten.',
  'site.terms.warranty.heading': 'Gewährleistung und Haftung',
  'site.terms.warranty.text':
    'Wir erbringen die Trainings mit der gebotenen Sorgfalt. Wir haften für absichtlich oder grobfahrlässig verursachte Schäden; die Haftung für leichte Fahrlässigkeit sowie für indirekte und Folgeschäden ist ausgeschlossen, soweit das Gesetz es zulässt.',
  'site.terms.privacy.heading': 'Datenschutz',
  'site.terms.privacy.text':
    'Wir bearbeiten Personendaten gemäss dem Schweizer Datenschutzgesetz und, wo anwendbar, der DSGVO, wie in unserer Datenschutzerklärung beschrieben.',
  'site.terms.law.heading': 'Anwendbares Recht und Gerichtsstand',
  'site.terms.law.text':
    'Diese Bedingungen und alle Verträge danach unterstehen Schweizer Recht unter Ausschluss des UN-Kaufrechts. Gerichtsstand ist Zürich, Schweiz.',

  // Der Abschnitt der Startseite mit dem Leitfaden
  'downloadables.home.kicker': 'Kostenloser Leitfaden',
  'downloadables.home.heading': 'Der Leitfaden zur Cybersecurity-Ausbildung',
  'downloadables.home.text':
    'Phishing, Passwörter und Zwei-Faktor-Anmeldung, Updates, Backups und das Melden von Vorfällen: die Gewohnheiten, die die meisten Angriffe stoppen, erklärt für alle Mitarbeitenden – mit einer Checkliste für Ihr Unternehmen.',
  'downloadables.home.note': 'Kostenloses PDF, per E-Mail zugestellt.',
  'downloadables.home.button': 'Leitfaden kostenlos erhalten',
} satisfies Record<keyof typeof reference, string>;
