import { company, companyCityLine, companyStreetLine } from '#shared/company.ts';
import { useSite } from '../site-context.tsx';

/** The postal address of the company (controller in the privacy policy, imprint). */
export function CompanyAddress() {
  const { t } = useSite();
  return (
    <address className="company-address">
      {company.name}
      <br />
      {companyStreetLine}
      <br />
      {companyCityLine}
      <br />
      {t('site.company.country')}
    </address>
  );
}

export function EmailLink({ address }: { address: string }) {
  return <a href={`mailto:${address}`}>{address}</a>;
}
