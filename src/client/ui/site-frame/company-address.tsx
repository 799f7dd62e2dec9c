import { company, companyCityLine, companyStreetLine } from '#shared/company.ts';

/** The company's postal address from src/shared/company.ts: in the footer, the imprint and the privacy policy. */
export function CompanyAddress({ country, withName = false, className }: { country: string; withName?: boolean; className?: string }) {
  return (
    <address className={className}>
      {withName && (
        <>
          {company.name}
          <br />
        </>
      )}
      {companyStreetLine}
      <br />
      {companyCityLine}
      <br />
      {country}
    </address>
  );
}
