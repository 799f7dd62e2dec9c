import { useSite } from '../site-context.tsx';

/** The postal address of the company (controller in the privacy policy, imprint). */
export function CompanyAddress() {
  const { t } = useSite();
  return (
    <address className="company-address">
      {t('site.company.name')}
      <br />
      {t('site.company.street')}
      <br />
      {t('site.company.city')}
      <br />
      {t('site.company.country')}
    </address>
  );
}

export function EmailLink({ address }: { address: string }) {
  return <a href={`mailto:${address}`}>{address}</a>;
}
