import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Navigate, NavLink, Outlet, useNavigate } from 'react-router';
import { messageAdminCalls } from '#shared/contract/messages-admin.ts';
import { staffCalls } from '#shared/contract/staff.ts';
import { adminPaths } from '#shared/paths.ts';
import { ApiError, callApi } from '#client/lib/api.ts';
import { translatePlural } from '#client/lib/translate.ts';
import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { apiQuery } from '#client/lib/queries.ts';
import { LanguageButtons } from '#client/ui/language-buttons.tsx';
import { loginPath, useCurrentPath, useStaffMember } from './staff.ts';

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * The frame of every back-office page but the sign-in: it checks who is signed in on load
 * and sends anybody else to the sign-in, with the page they came from; a 401 on any later
 * call (the session ran out) does the same. Navigation: Home, Orders, Messages (with the
 * unread count), Webinars, Contacts and Newsletter, and for admins Staff and Audit log; the
 * staff member's name opens a menu with the link to their own page (with their role), the
 * sign-out and the language switch. All of it fits one line at 1366 px, in German too.
 */
export function AdminLayout() {
  const t = useT();
  const me = useStaffMember();
  const { language } = useLanguage();
  // The inbox's unread count, for the navigation; refreshed whenever the inbox list is.
  const inbox = useQuery({ ...apiQuery(messageAdminCalls.adminMessages, { query: { status: 'UNREAD', pageSize: 1 } }), enabled: Boolean(me.data) });
  const unread = inbox.data?.unreadCount ?? 0;
  const here = useCurrentPath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    const toLogin = (error: unknown) => {
      if (isUnauthorized(error)) void navigate(loginPath(here), { replace: true });
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') toLogin(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') toLogin(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, navigate, here]);

  const menu = useRef<HTMLDetailsElement>(null);
  /** Closes the account menu; after Escape the focus goes back to its name. */
  const closeMenu = (refocus: boolean) => {
    if (!menu.current?.open) return;
    menu.current.open = false;
    if (refocus) menu.current.querySelector('summary')?.focus();
  };

  const signOut = useMutation({
    mutationFn: () => callApi(staffCalls.logout),
    onSettled: () => {
      queryClient.clear();
      void navigate(adminPaths.login(), { replace: true });
    },
  });

  if (isUnauthorized(me.error)) return <Navigate to={loginPath(here)} replace />;
  if (me.error) {
    return (
      <main className="app-main">
        <section className="app-message" role="alert">
          <p>{t('admin.loadFailed')}</p>
          <button type="button" onClick={() => void me.refetch()}>
            {t('admin.retry')}
          </button>
        </section>
      </main>
    );
  }
  if (!me.data) return <p role="status" className="app-main">{t('admin.loading')}</p>;

  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="app-header admin-header">
        <span className="app-brand">
          {t('common.siteName')} <span className="admin-header__area">{t('admin.title')}</span>
        </span>
        <nav aria-label={t('admin.nav.label')} className="admin-nav">
          <NavLink to={adminPaths.home()}>{t('admin.nav.home')}</NavLink>
          <NavLink to={adminPaths.orders()}>{t('admin.nav.orders')}</NavLink>
          <NavLink to={adminPaths.messages()}>
            {t('admin.nav.messages')}
            {unread > 0 && (
              <span className="admin-nav__badge">
                <span aria-hidden="true">{unread}</span>
                <span className="admin-sr-only">{translatePlural(language, 'admin.nav.unread', unread)}</span>
              </span>
            )}
          </NavLink>
          <NavLink to={adminPaths.webinars()}>{t('adminWebinars.nav')}</NavLink>
          <NavLink to={adminPaths.contacts()}>{t('adminContacts.nav')}</NavLink>
          <NavLink to={adminPaths.newsletter()}>{t('adminNewsletter.nav')}</NavLink>
          {me.data.role === 'admin' && <NavLink to={adminPaths.staff()}>{t('adminStaff.nav')}</NavLink>}
          {me.data.role === 'admin' && <NavLink to={adminPaths.audit()}>{t('adminAudit.nav')}</NavLink>}
        </nav>
        {/* The staff member's name opens their account link, the sign-out and the language switch: the header stays one line. */}
        <details className="admin-header__account" ref={menu} onKeyDown={(event) => event.key === 'Escape' && closeMenu(true)}>
          <summary title={me.data.name || me.data.email}>
            <span className="admin-sr-only">{t('admin.accountMenu')}: </span>
            {me.data.name || me.data.email}
          </summary>
          <div className="admin-header__menu">
            <NavLink to={adminPaths.account()} onClick={() => closeMenu(false)}>
              {t('admin.signedInAs', { name: me.data.name || me.data.email })} ({t(`staffRole.${me.data.role}`)})
            </NavLink>
            <button type="button" className="admin-button admin-button--secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
              {t(signOut.isPending ? 'admin.signingOut' : 'admin.signOut')}
            </button>
            <LanguageButtons />
          </div>
        </details>
      </header>
      <main id="main" className="app-main admin-main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
