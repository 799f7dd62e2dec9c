import { CompanyAddress as SharedCompanyAddress } from '#client/ui/site-frame/company-address.tsx';
import { useSite } from '../site-context.tsx';

/** The postal address of the company (controller in the privacy policy, imprint). */
export function CompanyAddress() {
  const { t } = useSite();
  return <SharedCompanyAddress className="company-address" withName country={t('common.company.country')} />;
}

export function EmailLink({ address }: { address: string }) {
  return <a href={`mailto:${address}`}>{address}</a>;
}
