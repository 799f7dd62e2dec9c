import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { newsletterAdminCalls } from '#shared/contract/newsletter-admin.ts';
import { adminPaths } from '#shared/paths.ts';
import type { IssueInput } from '#shared/schemas/newsletter-issues.ts';
import { callApi } from '#client/lib/api.ts';
import { useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { emptyIssueForm, IssueForm } from './issue-form.tsx';
import './newsletter.css';

/** `/app/admin-panel/create-newsletter-issue`: the issue form; once saved, the draft's page (preview, test, sending). */
export default function CreateIssuePage() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (body: IssueInput) => callApi(newsletterAdminCalls.createNewsletterIssue, { body }),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: apiQuery(newsletterAdminCalls.newsletterIssues, {}).queryKey });
      void navigate(adminPaths.newsletterIssue(created.id), { state: { created: true } });
    },
  });

  return (
    <div className="admin-newsletter">
      <p>
        <Link to={adminPaths.newsletter()}>{t('adminNewsletter.back')}</Link>
      </p>
      <h1>{t('adminNewsletter.create.title')}</h1>
      <IssueForm
        initial={emptyIssueForm}
        submitLabel="adminNewsletter.create.submit"
        onSubmit={async (payload) => {
          await create.mutateAsync(payload);
        }}
      />
    </div>
  );
}
