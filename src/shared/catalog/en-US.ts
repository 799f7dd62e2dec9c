import type { ProductTier, ProductTranslation } from '../catalog.ts';

/** The trainings' texts in en-US, the reference (src/shared/catalog.ts has their prices). */
export const trainings: Record<ProductTier, ProductTranslation> = {
  basic: {
    title: 'Cyber Security Training Basic',
    description: 'Security awareness for every employee: the everyday threats and how to stop them.',
    features: ['Phishing and social engineering', 'Passwords and multi-factor sign-in', 'Safe remote work', 'Certificate of completion'],
  },
  foundation: {
    title: 'Cyber Security Training Foundation',
    description: 'For IT staff and developers: secure operations, secure code and incident response.',
    features: ['Everything in Basic', 'Secure coding (OWASP Top 10)', 'Hardening and patch management', 'Incident response drills'],
  },
  champion: {
    title: 'Cyber Security Training Champion',
    description: 'For security leads and CISOs: risk, governance, threat modelling and live attack labs.',
    features: ['Everything in Foundation', 'Threat modelling and risk analysis', 'ISO 27001 and nDSG/GDPR governance', 'Live attack-and-defence labs'],
  },
};
