import { company } from '#shared/company.ts';
import type { Language } from '#shared/locales.ts';
import type { DocumentContent } from './document.ts';

/** The one-page phishing checklist (code `phishing-checklist`), to print and pin beside the screen. */
export const phishingChecklistDocuments: Record<Language, DocumentContent> = {
  'en-US': {
    language: 'en-US',
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

  'de-CH': {
    language: 'de-CH',
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
};
