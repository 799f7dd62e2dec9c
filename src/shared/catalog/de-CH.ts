import type { ProductTier, ProductTranslation } from '../catalog.ts';

/** Die Texte der Trainings auf Deutsch (Schweiz); ihre Preise stehen in src/shared/catalog.ts. Schweizer Schreibung: "ss", nie "ß". */
export const trainings: Record<ProductTier, ProductTranslation> = {
  basic: {
    title: 'Cyber-Security-Training Basic',
    description: 'Sicherheitsbewusstsein für alle Mitarbeitenden: die alltäglichen Bedrohungen und wie man sie stoppt.',
    features: ['Phishing und Social Engineering', 'Passwörter und Mehr-Faktor-Anmeldung', 'Sicheres Arbeiten von unterwegs', 'Teilnahmezertifikat'],
  },
  foundation: {
    title: 'Cyber-Security-Training Foundation',
    description: 'Für IT-Fachleute und Entwickler: sicherer Betrieb, sicherer Code und Reaktion auf Vorfälle.',
    features: ['Alles aus Basic', 'Sicheres Programmieren (OWASP Top 10)', 'Härtung und Patch-Management', 'Übungen zur Reaktion auf Vorfälle'],
  },
  champion: {
    title: 'Cyber-Security-Training Champion',
    description: 'Für Sicherheitsverantwortliche und CISOs: Risiko, Governance, Bedrohungsmodellierung und Live-Angriffslabore.',
    features: ['Alles aus Foundation', 'Bedrohungsmodellierung und Risikoanalyse', 'Governance nach ISO 27001 und nDSG/DSGVO', 'Live-Labore zu Angriff und Verteidigung'],
  },
};
