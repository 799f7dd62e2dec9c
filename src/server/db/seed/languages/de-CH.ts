import { company } from '#shared/company.ts';
import type { LanguageContent } from '../language-content.ts';

/**
 * The demo content in de-CH, seeded on a first start (content.ts): the newsletter topics'
 * titles, the webinars held in de-CH, and the downloadable content with its documents.
 * Swiss German writes "ss", never "ß".
 */
export const content: LanguageContent = {
  topicTitles: {
    phishing: 'Phishing und Social Engineering',
    ransomware: 'Ransomware und Reaktion auf Vorfälle',
    'secure-coding': 'Sichere Softwareentwicklung',
    compliance: 'Compliance: nDSG, DSGVO, ISO 27001',
    awareness: 'Programme für Sicherheitsbewusstsein',
  },
  webinars: [
    {
      code: 'ransomware-notfallplan',
      title: 'Ransomware: der Notfallplan für KMU',
      description: 'Was in den ersten 24 Stunden nach einem Angriff zu tun ist – mit Checkliste zum Mitnehmen.',
      startsInDays: 17,
      durationMinutes: 60,
      link: 'https://webinars.cybersafe-academy.example/ransomware-notfallplan',
    },
    {
      code: 'awareness-kampagne',
      title: 'Security Awareness: Kampagnen, die wirken',
      description: 'Wie Sie Mitarbeitende für Informationssicherheit gewinnen – mit Beispielen aus Schweizer Unternehmen.',
      startsInDays: 45,
      durationMinutes: 45,
      link: 'https://webinars.cybersafe-academy.example/awareness-kampagne',
    },
  ],
  downloadables: {
    guide: {
      title: 'Der Leitfaden zur Cybersecurity-Ausbildung',
      description:
        'Security Awareness für Unternehmen: Phishing erkennen, sicher anmelden mit Passwörtern und Zwei-Faktor-Anmeldung, Geräte aktuell halten, Backups, die funktionieren, und Vorfälle rasch melden – mit einer Checkliste für Ihr Unternehmen.',
      fileName: 'leitfaden-cybersecurity-ausbildung.pdf',
      document: {
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
    },
    'phishing-checklist': {
      title: 'Die Phishing-Checkliste',
      description: 'Eine Seite für neben den Bildschirm: sieben Fragen vor dem Klick, und was zu tun ist, wenn sich eine Nachricht falsch anfühlt.',
      fileName: 'phishing-checkliste.pdf',
      document: {
        kicker: 'Checkliste',
        title: 'Die Phishing-Checkliste',
        subtitle: 'Sieben Fragen vor dem Klick – und was zu tun ist, wenn sich etwas falsch anfühlt.',
        edition: 'Ausgabe 2027',
        summary:
          'Drucken Sie diese Seite aus und legen Sie sie neben den Bildschirm. Beantworten Sie eine der Fragen unten mit «Ja», dann klicken Sie nicht, antworten Sie nicht und zahlen Sie nicht: Prüfen Sie zuerst.',
        pageLabel: 'Seite {page} von {pages}',
        titlePage: false,
        blocks: [
          { kind: 'heading', text: 'Bevor Sie klicken' },
          {
            kind: 'checklist',
            items: [
              'Drängt mich die Nachricht zur Eile oder droht sie mit Folgen?',
              'Verlangt sie ein Passwort, einen Code, eine Zahlung oder eine Änderung der Bankverbindung?',
              'Weicht die Absenderadresse oder die Adresse hinter dem Link leicht von der üblichen ab?',
              'Habe ich diesen Anhang erwartet? Ist es ein Archiv, ein Dokument mit Makros oder eine HTML-Datei?',
              'Passen Anrede, Ton oder Signatur nicht zu dem, wie diese Person sonst schreibt?',
              'Öffnet sich eine Anmeldeseite über einen Link statt über mein Lesezeichen?',
              'Erscheint auf meinem Smartphone eine Anmeldebestätigung, die ich nicht selbst ausgelöst habe?',
            ],
          },
          { kind: 'heading', text: 'Wenn sich etwas falsch anfühlt' },
          {
            kind: 'bullets',
            items: [
              'Über einen zweiten Kanal prüfen: Rufen Sie den Absender unter einer Nummer an, die Sie schon kennen.',
              'Die Nachricht mit dem Melde-Button oder an die IT melden und danach löschen.',
              'Geklickt oder ein Passwort eingegeben? Sofort die IT informieren und das Passwort ändern. Frühe Meldungen sind immer willkommen.',
            ],
          },
          {
            kind: 'callout',
            title: 'Wer fragt, wird nicht getadelt.',
            text: 'Ein Fehlalarm kostet eine Minute. Ein übersehener Angriff kann Wochen kosten. Im Zweifel: fragen.',
          },
        ],
        closing: `${company.name} · ${company.website.replace(/^https:\/\//, '')} · ${company.email.info}`,
      },
    },
  },
};
