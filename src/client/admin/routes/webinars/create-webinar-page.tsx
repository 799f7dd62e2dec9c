import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { webinarAdminCalls } from '#shared/contract/webinars-admin.ts';
import { adminPaths } from '#shared/paths.ts';
import type { WebinarInput } from '#shared/schemas/webinars.ts';
import { callApi } from '#client/lib/api.ts';
import { useT } from '#client/lib/i18n.tsx';
import { refreshWebinarLists } from './refresh.ts';
import { WebinarForm } from './webinar-form.tsx';
import { emptyWebinarForm } from './webinar-form-values.ts';
import './webinars.css';

/** `/app/admin-panel/create-webinar`: the webinar form; once created, the new webinar's page. */
export default function CreateWebinarPage() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (body: WebinarInput) => callApi(webinarAdminCalls.createWebinar, { body }),
    onSuccess: (created) => {
      refreshWebinarLists(queryClient);
      void navigate(adminPaths.webinar(created.id), { state: { created: true } });
    },
  });

  return (
    <div className="admin-webinar">
      <p>
        <Link to={adminPaths.webinars()}>{t('adminWebinars.back')}</Link>
      </p>
      <h1>{t('adminWebinars.create.title')}</h1>
      <WebinarForm
        initial={emptyWebinarForm}
        submitLabel="adminWebinars.create.submit"
        onSubmit={async (payload) => {
          await create.mutateAsync(payload);
        }}
      />
    </div>
  );
}
